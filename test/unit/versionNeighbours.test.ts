import { describe, expect, it } from 'vitest';
import { reachesPast, versionNeighbours } from '../../src/speckle/versionNeighbours';

const NEWEST_FIRST = [
  { versionId: 'v3', objectId: 'c' },
  { versionId: 'v2', objectId: 'b' },
  { versionId: 'v1', objectId: null },
];

describe('versionNeighbours', () => {
  it('finds the older and newer version, newest first', () => {
    expect(versionNeighbours(NEWEST_FIRST, 'v2')).toEqual({
      older: { versionId: 'v1', objectId: null },
      newer: { versionId: 'v3', objectId: 'c' },
    });
  });

  it('has no newer for the newest and no older for the first', () => {
    expect(versionNeighbours(NEWEST_FIRST, 'v3')?.newer).toBeNull();
    expect(versionNeighbours(NEWEST_FIRST, 'v1')?.older).toBeNull();
  });

  it('says nothing of a version not in the list', () => {
    expect(versionNeighbours(NEWEST_FIRST, 'v9')).toBeNull();
  });
});

describe('reachesPast', () => {
  it('is true once the version and the one before it are in', () => {
    expect(reachesPast(NEWEST_FIRST.slice(0, 1), 'v3')).toBe(false);
    expect(reachesPast(NEWEST_FIRST.slice(0, 2), 'v3')).toBe(true);
    expect(reachesPast(NEWEST_FIRST, 'v1')).toBe(false);
    expect(reachesPast(NEWEST_FIRST, 'v9')).toBe(false);
  });
});
