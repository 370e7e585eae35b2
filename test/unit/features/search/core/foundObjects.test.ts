import { describe, expect, it } from 'vitest';
import { FoundObjects } from '../../../../../src/features/search/core/foundObjects';
import { CHUNK, MatchDetails } from '../../../../../src/features/search/core/matchDetails';
import type { SearchDetails } from '../../../../../src/features/search/worker/objectMatching';

describe('FoundObjects', () => {
  it('finds the object and match of any row of all matches', () => {
    const found = new FoundObjects();
    found.add([3, 7], [2, 1]);
    found.add([], []);
    found.add([12], [4]);
    expect([found.length, found.matches]).toEqual([3, 7]);
    const rows = Array.from({ length: 7 }, (_, row) => found.row(row));
    expect(rows).toEqual([
      { found: 0, index: 3, match: 0 },
      { found: 0, index: 3, match: 1 },
      { found: 1, index: 7, match: 0 },
      { found: 2, index: 12, match: 0 },
      { found: 2, index: 12, match: 1 },
      { found: 2, index: 12, match: 2 },
      { found: 2, index: 12, match: 3 },
    ]);
    expect(found.row(7)).toBeNull();
    expect(found.row(-1)).toBeNull();
  });

  it('grows past its first arrays, to any number of objects', () => {
    const found = new FoundObjects();
    const count = 100_000;
    found.add(
      Array.from({ length: count }, (_, index) => index * 2),
      Array.from({ length: count }, () => 3),
    );
    expect(found.matches).toBe(count * 3);
    expect(found.row(count * 3 - 1)).toEqual({
      found: count - 1,
      index: (count - 1) * 2,
      match: 2,
    });
  });
});

describe('MatchDetails', () => {
  const details = (index: number, from: number, count: number, queryId = 1): SearchDetails => ({
    type: 'details',
    queryId,
    index,
    from,
    id: `object-${index}`,
    speckleType: null,
    name: null,
    matches: Array.from({ length: count }, (_, at) => ({
      path: ['n', from + at],
      field: 'value' as const,
      excerpt: `${from + at}`,
      marks: [],
    })),
  });

  it('asks for each chunk once, and gives its matches once they came', () => {
    const cache = new MatchDetails(1);
    expect(cache.want(4, CHUNK + 3)).toEqual({ queryId: 1, index: 4, from: CHUNK, limit: CHUNK });
    expect(cache.want(4, CHUNK + 9)).toBeNull();
    expect(cache.get(4, CHUNK + 3)).toBeNull();
    const opened: string[] = [];
    cache.whenCome(4, CHUNK + 9, (shown) => opened.push(shown.match.excerpt));
    cache.put(details(4, CHUNK, 20));
    expect(opened).toEqual([`${CHUNK + 9}`]);
    expect(cache.get(4, CHUNK + 3)).toMatchObject({
      id: 'object-4',
      match: { path: ['n', CHUNK + 3] },
    });
    cache.put(details(5, 0, 1, 2));
    expect(cache.get(5, 0)).toBeNull();
  });

  it('keeps a few hundred chunks, asking again for one let go', () => {
    const cache = new MatchDetails(1);
    for (let index = 0; index < 1000; index += 1) {
      cache.want(index, 0);
      cache.put(details(index, 0, 1));
    }
    expect(cache.get(999, 0)).not.toBeNull();
    expect(cache.get(0, 0)).toBeNull();
    expect(cache.want(0, 0)).not.toBeNull();
  });
});
