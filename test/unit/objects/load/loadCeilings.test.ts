// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  canRaise,
  ceilingsSummary,
  CEILING_RANGES,
  DEFAULT_CEILINGS,
  isCeilingValue,
  raisedCeilings,
} from '../../../../src/objects/load/loadCeilings';
import {
  readCeilings,
  saveCeilings,
  subscribeToCeilings,
} from '../../../../src/objects/load/ceilingStore';

const KEY = 'speckle-explorer.load-ceilings';

afterEach(() => localStorage.removeItem(KEY));

describe('load ceilings', () => {
  it('says the ceilings in one line', () => {
    expect(ceilingsSummary(DEFAULT_CEILINGS)).toBe('2,000,000 objects, 8.0 GB, 256 MB per object');
  });

  it('raises the ceiling a load stopped at by doubling it, never past its range', () => {
    expect(raisedCeilings(DEFAULT_CEILINGS, 'objects')).toEqual({
      ...DEFAULT_CEILINGS,
      objects: 4_000_000,
    });
    const nearTop = { ...DEFAULT_CEILINGS, bytes: 40_000_000_000 };
    expect(raisedCeilings(nearTop, 'bytes').bytes).toBe(CEILING_RANGES.bytes.max);
    expect(canRaise(raisedCeilings(nearTop, 'bytes'), 'bytes')).toBe(false);
    expect(canRaise(DEFAULT_CEILINGS, 'objectBytes')).toBe(true);
  });

  it('accepts whole numbers within each range only', () => {
    expect(isCeilingValue('objects', 1)).toBe(true);
    expect(isCeilingValue('objects', 0)).toBe(false);
    expect(isCeilingValue('objects', 2.5)).toBe(false);
    expect(isCeilingValue('bytes', 999_999)).toBe(false);
    expect(isCeilingValue('objectBytes', CEILING_RANGES.objectBytes.max + 1)).toBe(false);
  });
});

describe('the saved ceilings', () => {
  it('are the defaults until the user saves others, then what was saved', () => {
    expect(readCeilings()).toEqual(DEFAULT_CEILINGS);
    const mine = { objects: 5_000, bytes: 10_000_000, objectBytes: 2_000_000 };
    saveCeilings(mine);

    expect(readCeilings()).toEqual(mine);
    // The same value while nothing changed, as useSyncExternalStore needs.
    expect(readCeilings()).toBe(readCeilings());
  });

  it('read anything unreadable or out of range as the default, field by field', () => {
    localStorage.setItem(KEY, '{not json');
    expect(readCeilings()).toEqual(DEFAULT_CEILINGS);
    localStorage.setItem(KEY, JSON.stringify({ objects: -3, bytes: 5_000_000, objectBytes: 'x' }));
    expect(readCeilings()).toEqual({ ...DEFAULT_CEILINGS, bytes: 5_000_000 });
  });

  it('tell subscribers of a save', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToCeilings(listener);
    saveCeilings(DEFAULT_CEILINGS);
    unsubscribe();
    saveCeilings(DEFAULT_CEILINGS);

    expect(listener).toHaveBeenCalledTimes(1);
  });
});
