import { describe, expect, it } from 'vitest';
import type { LineRecord } from '../../../src/bytes/lines';
import { searchValue } from '../../../src/speckle/search';
import {
  compileSearch,
  excerpt,
  valuesAt,
  type FoundMatch,
  type ObjectSearch,
} from '../../../src/speckle/searchMatch';
import {
  DEFAULT_MATCH_OPTIONS,
  parseSearchQuery,
  type MatchOptions,
} from '../../../src/speckle/searchQuery';
import { brepFixture, generatedFixture } from '../support/speckleFixtures';

function compiled(query: string, options: Partial<MatchOptions> = {}): ObjectSearch {
  const parsed = parseSearchQuery(query);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const result = compileSearch(parsed.query, { ...DEFAULT_MATCH_OPTIONS, ...options });
  if (!result?.ok) throw new Error(result ? result.error.message : 'empty query');
  return result.search;
}

interface Found {
  id: string;
  total: number;
  matches: FoundMatch[];
}

/** The search across objects as the worker runs it: the JSON text test, then parse and count. */
function searchAll(
  records: readonly LineRecord[],
  query: string,
  options: Partial<MatchOptions> = {},
): Found[] {
  const search = compiled(query, options);
  return records.flatMap(({ id, raw }) => {
    if (!search.mayMatch(raw)) return [];
    const value = JSON.parse(raw) as unknown;
    const total = search.count(value);
    return total > 0 ? [{ id, total, matches: search.matches(value) }] : [];
  });
}

const building = generatedFixture(1000);
type Parsed = (typeof building)[number]['parsed'];
const parametersOf = (parsed: Parsed) =>
  parsed.parameters as Record<string, Record<string, unknown>>;

describe('the search across objects, as free text', () => {
  it('finds an object by its id, and the objects that refer to it', () => {
    const target = building[500]!;
    const found = searchAll(building, target.id.toUpperCase());
    const own = found.find(({ id }) => id === target.id);
    expect(own?.matches[0]).toEqual({
      path: ['id'],
      field: 'id',
      excerpt: target.id,
      marks: [{ start: 0, end: target.id.length }],
    });
    const naming = building.filter(({ raw }) => raw.includes(target.id));
    expect(new Set(found.map(({ id }) => id))).toEqual(new Set(naming.map(({ id }) => id)));
  });

  it('finds every object of a type, with the type first among its matches', () => {
    const walls = building.filter(({ parsed }) =>
      String(parsed.speckle_type).endsWith('RevitWall'),
    );
    const found = searchAll(building, 'revitwall');
    expect(found.map(({ id }) => id)).toEqual(walls.map(({ id }) => id));
    for (const object of found) {
      expect(object.matches[0]).toMatchObject({ path: ['speckle_type'], field: 'type' });
    }
  });

  it('looks only where asked: property names, or values', () => {
    const meshes = building.filter(({ parsed }) => parsed.speckle_type === 'Objects.Geometry.Mesh');
    const keys = searchAll(building, 'vertices', { scope: 'keys' });
    expect(keys.map(({ id }) => id)).toEqual(meshes.map(({ id }) => id));
    expect(keys.every(({ matches }) => matches.every(({ field }) => field === 'key'))).toBe(true);
    const values = searchAll(building, 'vertices', { scope: 'values' });
    expect(values.every(({ matches }) => matches.every(({ field }) => field !== 'key'))).toBe(true);
    expect(new Set(values.map(({ id }) => id))).not.toEqual(new Set(keys.map(({ id }) => id)));
  });

  it('counts every match of an object and lists them from any place', () => {
    const chunk = building.find(
      ({ parsed }) =>
        String(parsed.speckle_type).endsWith('DataChunk') && searchValue(parsed, '4').total > 60,
    )!;
    const search = compiled('4');
    const total = searchValue(chunk.parsed, '4').total;
    expect(search.count(chunk.parsed)).toBe(total);
    const all = search.matches(chunk.parsed);
    expect(all).toHaveLength(total);
    expect(search.matches(chunk.parsed, 50, 10)).toEqual(all.slice(50, 60));
    expect(search.matches(chunk.parsed, total - 2, 10)).toEqual(all.slice(-2));
  });

  it.each([
    ['revit', 'revit'],
    ['D30', 'D30'],
    ['0.9', '0.9'],
    ['level', 'level'],
    ['m²', 'm²'],
    ['true', 'true'],
    ['null', 'null'],
    ['"\\""', '"'],
    [', ', ', '],
    ['"e\\": \\""', 'e": "'],
    ['\\', '\\'],
    ['Säule', 'Säule'],
  ])('finds the same objects as parsing everything, for %j (%j)', (query, text) => {
    const records: LineRecord[] = [
      ...building,
      ...brepFixture(),
      { id: 'q1', raw: JSON.stringify({ id: 'q1', note: 'say "hi" \\ back', label: 'Säule' }) },
      { id: 'q2', raw: '{"id": "q2", "a\\"b": "line\\nbreak"}' },
    ];
    const found = searchAll(records, query).map(({ id, total }) => ({ id, total }));
    const byParsing = records.flatMap(({ id, raw }) => {
      const { total } = searchValue(JSON.parse(raw), text);
      return total > 0 ? [{ id, total }] : [];
    });
    expect(found).toEqual(byParsing);
  });

  it('matches case, whole words and regular expressions as asked', () => {
    const names = (query: string, options: Partial<MatchOptions>) =>
      new Set(
        searchAll(building, query, options).flatMap(({ matches }) =>
          matches.filter(({ field }) => field === 'value').map(({ excerpt: text }) => text),
        ),
      );
    expect(names('glass', { matchCase: true }).size).toBe(0);
    expect([...names('Glass', { matchCase: true })].every((text) => text.includes('Glass'))).toBe(
      true,
    );
    expect([...names('level', { wholeWord: true })].every((text) => /\blevel\b/i.test(text))).toBe(
      true,
    );
    expect(names('^Level \\d$', { regex: true })).toEqual(
      new Set(
        ['Level 1', 'Level 2', 'Level 3', 'Level 4', 'Level 5'].filter((level) =>
          names(level, { matchCase: true, wholeWord: true }).has(level),
        ),
      ),
    );
  });

  it('marks the matches in an excerpt', () => {
    const [found] = searchAll(
      [{ id: 'x', raw: JSON.stringify({ id: 'x', note: `${'a'.repeat(300)} Wall and wall` }) }],
      'wall',
    );
    const match = found!.matches[0]!;
    expect(match.marks.map(({ start, end }) => match.excerpt.slice(start, end))).toEqual([
      'Wall',
      'wall',
    ]);
  });
});

describe('field terms', () => {
  const walls = building.filter(({ parsed }) => String(parsed.speckle_type).endsWith('RevitWall'));
  const doors = building.filter(({ parsed }) => parsed.category === 'Doors');

  it('finds objects by a field containing a text, one match per field found', () => {
    const found = searchAll(building, 'speckle_type:RevitWall');
    expect(found.map(({ id }) => id)).toEqual(walls.map(({ id }) => id));
    expect(found.every(({ total }) => total === 1)).toBe(true);
    expect(found[0]?.matches).toEqual([
      expect.objectContaining({ path: ['speckle_type'], field: 'type' }),
    ]);
  });

  it('compares numbers, and equals a number or a whole text', () => {
    const heights = building.flatMap(({ id, parsed }) =>
      typeof parsed.height === 'number' ? [{ id, height: parsed.height }] : [],
    );
    expect(heights.length).toBeGreaterThan(10);
    for (const [query, test] of [
      ['height>3.1', (h: number) => h > 3.1],
      ['height<3.2', (h: number) => h < 3.2],
      ['height>=3.2', (h: number) => h >= 3.2],
      ['height<=3.2', (h: number) => h <= 3.2],
      ['height=3.20', (h: number) => h === 3.2],
    ] as const) {
      const expected = heights.filter(({ height }) => test(height)).map(({ id }) => id);
      expect(
        searchAll(building, query).map(({ id }) => id),
        query,
      ).toEqual(expected);
    }
    expect(searchAll(building, 'units=M')).toHaveLength(
      building.filter(({ parsed }) => parsed.units === 'm').length,
    );
    expect(searchAll(building, 'units=M', { matchCase: true })).toEqual([]);
  });

  it('finds Revit parameters by their key or by their name, and compares their value', () => {
    const byKey = searchAll(building, 'parameters.LEVEL_PARAM:"Level 1"');
    const expected = building.filter(
      ({ parsed }) => parametersOf(parsed)?.LEVEL_PARAM?.value === 'Level 1',
    );
    expect(byKey.map(({ id }) => id)).toEqual(expected.map(({ id }) => id));
    expect(byKey[0]?.matches[0]?.path).toEqual(['parameters', 'LEVEL_PARAM', 'value']);
    const byName = searchAll(building, 'parameters.Level:"Level 1"');
    expect(byName.map(({ id }) => id)).toEqual(
      building
        .filter(({ parsed }) =>
          Object.values(parametersOf(parsed) ?? {}).some(
            (parameter) => parameter?.name === 'Level' && parameter.value === 'Level 1',
          ),
        )
        .map(({ id }) => id),
    );
    const tall = searchAll(building, 'parameters.Height>2');
    expect(tall.map(({ id }) => id)).toEqual(doors.map(({ id }) => id));
  });

  it('tells objects with a field from those without, null counting as there', () => {
    const withLevel = searchAll(building, 'parameters.LEVEL_PARAM:*');
    const without = searchAll(building, '-parameters.LEVEL_PARAM:*');
    expect(withLevel.length + without.length).toBe(building.length);
    expect(without[0]?.matches).toEqual([
      { path: [], field: 'object', excerpt: 'not parameters.LEVEL_PARAM:*', marks: [] },
    ]);
    const comments = searchAll(building, 'parameters.ALL_MODEL_INSTANCE_COMMENTS:*');
    expect(comments.length).toBeGreaterThan(walls.length);
  });

  it('looks through arrays and finds `@` names without the `@`', () => {
    const value = {
      '@elements': [
        { name: 'Door', width: 0.9 },
        { name: 'Window', width: 1.2 },
      ],
    };
    expect(valuesAt(value, ['elements', 'width']).map(({ value: at }) => at)).toEqual([0.9, 1.2]);
    const search = compiled('elements.width>1');
    expect(search.count(value)).toBe(1);
    expect(search.matches(value)[0]?.path).toEqual(['@elements', 1, 'width']);
  });

  it('needs every term, and lists the free text’s matches when there is some', () => {
    const found = searchAll(building, 'speckle_type:RevitWall "level 1"');
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(walls.length);
    expect(
      found.every(({ matches }) => matches.every(({ excerpt: text }) => /level 1/i.test(text))),
    ).toBe(true);
  });

  it('parses only the objects whose text may match', () => {
    let parsed = 0;
    const original = JSON.parse;
    JSON.parse = (...args: Parameters<typeof JSON.parse>) => {
      parsed += 1;
      return original(...args) as unknown;
    };
    try {
      searchAll(building, 'family:Double-Glass');
    } finally {
      JSON.parse = original;
    }
    expect(parsed).toBe(building.filter(({ raw }) => raw.includes('Double-Glass')).length);
  });

  it('says where a field’s regular expression is wrong, in the query', () => {
    const parsed = parseSearchQuery('wall name:"a(b"');
    if (!parsed.ok) throw new Error('unreadable');
    expect(compileSearch(parsed.query, { ...DEFAULT_MATCH_OPTIONS, regex: true })).toMatchObject({
      ok: false,
      error: { at: 12 },
    });
    const text = parseSearchQuery('x:1  a(b');
    if (!text.ok) throw new Error('unreadable');
    expect(compileSearch(text.query, { ...DEFAULT_MATCH_OPTIONS, regex: true })).toMatchObject({
      ok: false,
      error: { at: 6 },
    });
    expect(
      compileSearch({ text: '', textPlaces: [], fields: [] }, DEFAULT_MATCH_OPTIONS),
    ).toBeNull();
  });
});

describe('excerpt', () => {
  it('keeps short text whole and cuts long text around the first match', () => {
    expect(excerpt('Basic Wall', [{ start: 6, end: 10 }])).toEqual({
      excerpt: 'Basic Wall',
      marks: [{ start: 6, end: 10 }],
    });
    const text = `${'a'.repeat(500)}NEEDLE${'b'.repeat(500)}`;
    expect(excerpt(text, [{ start: 500, end: 506 }], 40)).toEqual({
      excerpt: `…${'a'.repeat(17)}NEEDLE${'b'.repeat(17)}…`,
      marks: [{ start: 18, end: 24 }],
    });
    expect(excerpt(`NEEDLE${'b'.repeat(100)}`, [{ start: 0, end: 6 }], 10).excerpt).toBe(
      'NEEDLEbbbb…',
    );
  });
});
