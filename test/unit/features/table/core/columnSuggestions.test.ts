import { describe, expect, it } from 'vitest';
import {
  ColumnSuggestions,
  MAX_SUGGESTIONS,
  suggestionsHint,
} from '../../../../../src/features/table/core/columnSuggestions';
import { readRealFixture } from '../../../support/realFixtures';

const suggestionsOf = (...objects: unknown[]) => {
  const suggestions = new ColumnSuggestions();
  for (const object of objects) suggestions.add(object);
  return suggestions.list();
};

describe('the columns suggested for the chosen objects', () => {
  it('counts each path once per object that has it, the most common first', () => {
    expect(
      suggestionsOf(
        { id: 'a', height: 3, tags: ['x', 'y'] },
        { id: 'b', height: 'tall' },
        { id: 'c', nested: { depth: 1 } },
      ),
    ).toEqual([
      { column: 'id', count: 3, numeric: false },
      { column: 'height', count: 2, numeric: false },
      { column: 'nested.depth', count: 1, numeric: true },
      { column: 'tags', count: 1, numeric: false },
    ]);
  });

  it('offers a parameter by its name, a reference as itself, a key without its @', () => {
    const object = {
      '@displayValue': [{ referencedId: 'm1', speckle_type: 'reference' }],
      parameters: {
        FIRE_RATING: { name: 'Fire Rating', value: '1h', units: null },
        WIDTH: { name: 'Width', value: 0.2, units: 'm' },
        // A key of the parameter's name would be found first: the parameter keeps its key.
        Depth: 1,
        DEPTH_PARAM: { name: 'Depth', value: 2, units: 'm' },
      },
      __closure: { m1: 1 },
    };
    expect(suggestionsOf(object).map(({ column, numeric }) => [column, numeric])).toEqual([
      ['displayValue', false],
      ['parameters."Fire Rating"', false],
      ['parameters.DEPTH_PARAM', true],
      ['parameters.Depth', true],
      ['parameters.Width', true],
    ]);
  });

  it('suggests Revit’s parameters of a real floor, at most the cap', () => {
    const objects = JSON.parse(readRealFixture('revit-floor.objects.json').toString()) as unknown[];
    const list = suggestionsOf(...objects);
    expect(list.length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
    expect(list.find(({ column }) => column === 'parameters.Thickness')).toEqual({
      column: 'parameters.Thickness',
      count: 1,
      numeric: true,
    });
    expect(list.find(({ column }) => column === 'speckle_type')?.count).toBe(objects.length);
    expect(list.some(({ column }) => column.startsWith('__closure'))).toBe(false);
  });
});

describe('what the suggestions are counted over', () => {
  it('says when the counts are over the first objects only, not all chosen', () => {
    expect(suggestionsHint(50_000, 100_000)).toBe(
      'Each path with how many of the first 50,000 of the 100,000 chosen objects have a value there: paths only later objects have can be typed below.',
    );
  });

  it('says the counts are over all chosen objects when they are', () => {
    for (const [from, count] of [
      [90, 90],
      [null, 90],
      [90, null],
    ] as const) {
      expect(suggestionsHint(from, count)).toBe(
        'Each path with the number of the chosen objects that have a value there.',
      );
    }
  });
});
