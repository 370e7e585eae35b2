import { beforeEach, describe, expect, it, vi } from 'vitest';

// The module holds its ballast for the worker's lifetime: each test gets a fresh copy of it.
async function freshBallast() {
  return (await import('../../../../src/objects/spill/gcBallast')).holdGcBallast;
}

describe('holdGcBallast', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('goes on without a ballast when there is no address space for it', async () => {
    const holdGcBallast = await freshBallast();
    // Past the largest ArrayBuffer V8 will make: the allocation throws, as on a full system.
    expect(holdGcBallast(2 ** 53)).toBe(false);
  });

  it('holds the ballast once it could allocate it, and keeps it for later loads', async () => {
    const holdGcBallast = await freshBallast();
    expect(holdGcBallast(1024)).toBe(true);
    // A later call allocates nothing: it would have thrown at this size.
    expect(holdGcBallast(2 ** 53)).toBe(true);
  });
});
