import { describe, expect, it } from 'vitest';
import { matchRanges, searchValue } from '../../../src/speckle/search';
import { responseFixture } from '../support/speckleFixtures';

describe('searchValue', () => {
  const value = {
    id: 'abc',
    name: 'Basic Wall',
    '@elements': [{ name: 'Door', width: 0.915 }, { WallType: true }],
    nested: { deeper: { note: 'WALL here' } },
    nothing: null,
  };

  it('matches keys and values case-insensitively, in document order', () => {
    expect(searchValue(value, 'wall')).toEqual({
      matches: [
        { path: ['name'], on: 'value' },
        { path: ['@elements', 1, 'WallType'], on: 'key' },
        { path: ['nested', 'deeper', 'note'], on: 'value' },
      ],
      total: 3,
    });
  });

  it('matches numbers, booleans and null by their text', () => {
    expect(searchValue(value, '0.91').matches).toEqual([
      { path: ['@elements', 0, 'width'], on: 'value' },
    ]);
    expect(searchValue(value, 'TRUE').matches).toEqual([
      { path: ['@elements', 1, 'WallType'], on: 'value' },
    ]);
    expect(searchValue(value, 'null').matches).toEqual([{ path: ['nothing'], on: 'value' }]);
  });

  it('matches a key and its value separately', () => {
    expect(searchValue({ name: 'rename me' }, 'name').matches).toEqual([
      { path: ['name'], on: 'key' },
      { path: ['name'], on: 'value' },
    ]);
  });

  it('lists up to the limit and counts the rest', () => {
    const result = searchValue({ data: Array.from({ length: 100 }, (_, i) => i) }, '1', {
      limit: 3,
    });
    expect(result.matches.map(({ path }) => path)).toEqual([
      ['data', 1],
      ['data', 10],
      ['data', 11],
    ]);
    expect(result.total).toBe(19);
  });

  it('finds nothing for an empty query', () => {
    expect(searchValue(value, '')).toEqual({ matches: [], total: 0 });
  });

  it('finds a value 10,000 levels down without overflowing the stack', () => {
    let deep: unknown = { needle: 'found' };
    for (let i = 0; i < 10_000; i += 1) deep = i % 2 === 0 ? { child: deep } : [deep];
    const [match] = searchValue(deep, 'FOUND').matches;
    expect(match?.path).toHaveLength(10_001);
    expect(match?.path.at(-1)).toBe('needle');
  });

  it('finds the property name with spaces and brackets in the real Blender root', () => {
    const [root] = responseFixture('blender-cube.objects.json');
    expect(searchValue(root?.parsed, 'main @').matches).toEqual([
      { path: ['Alex Test Steam [ main @ 328bd99997 ]'], on: 'key' },
    ]);
  });
});

describe('matchRanges', () => {
  it.each([
    [
      'Basic Wall, wall',
      'WALL',
      [
        [6, 10],
        [12, 16],
      ],
    ],
    [
      'aaaa',
      'aa',
      [
        [0, 2],
        [2, 4],
      ],
    ],
    ['none here', 'x', []],
    ['anything', '', []],
    // `İ` lowercases to two characters; ranges must still point into the original text.
    ['İstanbul izmir', 'izmir', [[9, 14]]],
    ['😀 Höhe', 'HÖHE', [[3, 7]]],
  ])('finds %j in %j', (text, query, expected) => {
    const ranges = matchRanges(text, query);
    expect(ranges.map(({ start, end }) => [start, end])).toEqual(expected);
  });
});
