import { describe, expect, it } from 'vitest';
import { holdGcBallast } from '../../src/loader/gcBallast';

// In this order: the module holds the ballast once it has it.
describe('holdGcBallast', () => {
  it('goes on without a ballast when there is no address space for it', () => {
    // Past the largest ArrayBuffer V8 will make: the allocation throws, as on a full system.
    expect(holdGcBallast(2 ** 53)).toBe(false);
  });

  it('holds the ballast once it could allocate it, and keeps it for later loads', () => {
    expect(holdGcBallast()).toBe(true);
    expect(holdGcBallast(2 ** 53)).toBe(true);
  });
});
