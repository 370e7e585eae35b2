import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  browserLimits,
  expectedBodyBytes,
  spillChoice,
  type SpillPlan,
} from '../../../../src/objects/spill/spillPlan';
import { memoryByteStore } from '../../support/memoryByteStore';

const plan = (room: SpillPlan['room']): SpillPlan => ({
  threshold: 1_000_000,
  memoryLimit: 2_000_000,
  room,
  open: memoryByteStore,
});

describe('the expected size of a body', () => {
  it('is the root and the rest at the mean size of the objects seen after it', () => {
    // A 4 MB root (its closure), then 99 objects in 330 kB, of 100,001 expected.
    const body = { bytes: 4_330_000, lines: 100, expected: 100_001, rootEnd: 4_000_000 };

    expect(expectedBodyBytes(body)).toBe(4_000_000 + (330_000 / 99) * 100_000);
  });

  it('is what came while the closure or a second object is unknown', () => {
    expect(expectedBodyBytes({ bytes: 500, lines: 1, expected: 10, rootEnd: 400 })).toBe(500);
    expect(expectedBodyBytes({ bytes: 500, lines: 5, expected: null, rootEnd: 400 })).toBe(500);
  });
});

describe('where a body goes', () => {
  const big = { bytes: 2000, lines: 2, expected: 1001, rootEnd: 1000 };

  it('stays in the page under the threshold, or while the storage has not answered', () => {
    expect(spillChoice({ ...big, expected: 2 }, plan({ freeBytes: 1e12 }))).toEqual({
      kind: 'memory',
    });
    expect(spillChoice(big, plan(null))).toEqual({ kind: 'memory' });
  });

  it('spills over the threshold when the storage has room for it', () => {
    expect(spillChoice(big, plan({ freeBytes: 1e12 }))).toEqual({ kind: 'spill' });
  });

  it('says why it stays in the page when the storage cannot have it', () => {
    expect(spillChoice(big, plan({ unavailable: 'this browser gives pages no storage' }))).toEqual({
      kind: 'no room',
      note: 'This model is about 1.0 MB, and this browser gives pages no storage: it is kept in memory, up to 2.0 MB.',
    });
  });
});

describe('a body over the memory limit that the storage cannot take', () => {
  it('is said to stop at the limit, from its first blocks', () => {
    const huge = { bytes: 2000, lines: 2, expected: 3001, rootEnd: 1000 };
    expect(spillChoice(huge, plan({ freeBytes: 1_000_000 }))).toEqual({
      kind: 'no room',
      note:
        "This model is about 3.0 MB, more than the 1.0 MB the browser's storage has free: it is " +
        'kept in memory, up to 2.0 MB, and the load stops there, incomplete.',
    });
  });
});

describe("this browser's limits", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('spill a body the page may not hold, on a device too small to hold the threshold', () => {
    vi.stubGlobal('navigator', { deviceMemory: 1 });
    expect(browserLimits()).toEqual({ threshold: 250_000_000, memoryLimit: 250_000_000 });
  });

  it('keep the threshold on a machine that holds it', () => {
    vi.stubGlobal('navigator', { deviceMemory: 8 });
    expect(browserLimits()).toEqual({ threshold: 500_000_000, memoryLimit: 2_000_000_000 });
  });
});
