import { describe, expect, it } from 'vitest';
import type { LineRecord } from '../../../src/bytes/lines';
import {
  createObjectMatcher,
  excerpt,
  matchRanges,
  searchObjects,
  searchValue,
} from '../../../src/speckle/search';
import { brepFixture, generatedFixture, responseFixture } from '../support/speckleFixtures';

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

describe('excerpt', () => {
  it('keeps short text whole', () => {
    expect(excerpt('Basic Wall', 'wall')).toBe('Basic Wall');
  });

  it('cuts long text around the first match', () => {
    const text = `${'a'.repeat(500)}NEEDLE${'b'.repeat(500)}`;
    const cut = excerpt(text, 'needle', 40);
    expect(cut).toBe(`…${'a'.repeat(17)}NEEDLE${'b'.repeat(17)}…`);
    expect(excerpt(`NEEDLE${'b'.repeat(100)}`, 'needle', 10)).toBe('NEEDLEbbbb…');
    expect(excerpt(`${'a'.repeat(100)}NEEDLE`, 'needle', 10)).toBe('…aaaaNEEDLE');
  });
});

/** Cross-object search without the text test: every object parsed and walked. */
function searchByParsing(records: readonly LineRecord[], query: string) {
  return records.flatMap(({ id, raw }) => {
    const { total } = searchValue(JSON.parse(raw), query);
    return total > 0 ? [{ id, total }] : [];
  });
}

describe('searchObjects', () => {
  const building = generatedFixture(1000);
  const parsedById = new Map(building.map((object) => [object.id, object.parsed]));

  it('finds an object by its id, and the objects that refer to it', () => {
    const target = building[500]!;
    const { objects } = searchObjects(building, target.id.toUpperCase());
    const own = objects.find(({ id }) => id === target.id);
    expect(own?.matches[0]).toEqual({ path: ['id'], field: 'id', excerpt: target.id });
    const parents = building.filter(({ raw }) => raw.includes(`"referencedId": "${target.id}"`));
    expect(parents.length).toBeGreaterThan(0);
    // Its parents refer to it, and every ancestor's __closure names it.
    const naming = building.filter(({ raw }) => raw.includes(target.id));
    expect(naming.length).toBeGreaterThan(parents.length + 1);
    expect(new Set(objects.map(({ id }) => id))).toEqual(new Set(naming.map(({ id }) => id)));
  });

  it('finds every object of a type, with the type first among its matches', () => {
    const walls = building.filter(({ parsed }) =>
      String(parsed.speckle_type).endsWith('RevitWall'),
    );
    const result = searchObjects(building, 'revitwall', { limit: 10_000 });
    expect(result.objects.map(({ id }) => id)).toEqual(walls.map(({ id }) => id));
    for (const object of result.objects) {
      expect(object.matches[0]).toMatchObject({ path: ['speckle_type'], field: 'type' });
    }
    expect(result).toMatchObject({ complete: true, scanned: building.length });
  });

  it('finds objects by applicationId and by name', () => {
    const door = building.find(({ parsed }) => parsed.category === 'Doors')!;
    const applicationId = String(door.parsed.applicationId);
    expect(searchObjects(building, applicationId).objects).toEqual([
      {
        id: door.id,
        speckleType: door.parsed.speckle_type,
        name: door.parsed.name ?? null,
        matches: [{ path: ['applicationId'], field: 'applicationId', excerpt: applicationId }],
        total: 1,
      },
    ]);
    const level = searchObjects(building, 'level 1', { fields: ['name'] });
    expect(level.objects).toHaveLength(1);
    expect(parsedById.get(level.objects[0]!.id)?.collectionType).toBe('level');
  });

  it('finds any property value and gives its path', () => {
    const result = searchObjects(building, 'concrete-square', { limit: 1 });
    expect(result.complete).toBe(false);
    expect(result.objects[0]?.matches[0]).toEqual({
      path: ['family'],
      field: 'value',
      excerpt: 'Concrete-Square-Column',
    });
    const parameter = searchObjects(building, 'structural material', {
      limit: 1,
      fields: ['value'],
    });
    expect(parameter.objects[0]?.matches[0]?.path).toEqual([
      'parameters',
      'STRUCTURAL_MATERIAL_PARAM',
      'name',
    ]);
  });

  it('looks only where asked', () => {
    const meshes = building.filter(({ parsed }) => parsed.speckle_type === 'Objects.Geometry.Mesh');
    const typeOnly = searchObjects(building, 'geometry.mesh', { fields: ['type'], limit: 10_000 });
    expect(typeOnly.objects).toHaveLength(meshes.length);
    const keysOnly = searchObjects(building, 'vertices', { fields: ['key'], limit: 10_000 });
    expect(keysOnly.objects.map(({ id }) => id)).toEqual(meshes.map(({ id }) => id));
    expect(
      keysOnly.objects.every(({ matches }) => matches.every(({ field }) => field === 'key')),
    ).toBe(true);
  });

  it('lists a few matches per object and counts them all', () => {
    const chunk = building.find(
      ({ parsed }) =>
        String(parsed.speckle_type).endsWith('DataChunk') && searchValue(parsed, '4').total > 2,
    )!;
    const [found] = searchObjects([chunk], '4', { perObject: 2 }).objects;
    expect(found?.matches).toHaveLength(2);
    expect(found?.total).toBe(searchValue(chunk.parsed, '4').total);
  });

  it.each([
    'revit',
    'D30',
    '0.9',
    'level',
    'm²',
    'true',
    'null',
    '"',
    ', ',
    'e": "',
    '\\',
    'Säule',
  ])('finds the same objects as parsing everything, for %j', (query) => {
    const records: LineRecord[] = [
      ...building,
      ...brepFixture(),
      { id: 'q1', raw: JSON.stringify({ id: 'q1', note: 'say "hi" \\ back', label: 'Säule' }) },
      { id: 'q2', raw: '{"id": "q2", "a\\"b": "line\\nbreak"}' },
    ];
    const found = searchObjects(records, query, { limit: 100_000 }).objects;
    expect(found.map(({ id, total }) => ({ id, total }))).toEqual(searchByParsing(records, query));
  });

  it('finds text with quotes and control characters that the JSON escapes', () => {
    const records: LineRecord[] = [
      { id: 'q', raw: JSON.stringify({ id: 'q', note: 'say "hi"\nnext line\ttab' }) },
    ];
    expect(searchObjects(records, 'SAY "HI"\nNEXT').objects).toHaveLength(1);
    expect(searchObjects(records, 'line\ttab').objects).toHaveLength(1);
  });

  it('finds the real breps and meshes of the database dump by type', () => {
    const result = searchObjects(brepFixture(), 'objects.geometry.brep', { fields: ['type'] });
    expect(result.objects).toHaveLength(9);
  });

  it('parses only the objects whose text contains the query', () => {
    let parsed = 0;
    const original = JSON.parse;
    JSON.parse = (...args: Parameters<typeof JSON.parse>) => {
      parsed += 1;
      return original(...args) as unknown;
    };
    try {
      searchObjects(building, 'Double-Glass', { limit: 10_000 });
    } finally {
      JSON.parse = original;
    }
    const containing = building.filter(({ raw }) => raw.includes('Double-Glass')).length;
    expect(parsed).toBe(containing);
    expect(containing).toBeLessThan(building.length / 10);
  });

  it('skips text that is not JSON and matches nothing for an empty query', () => {
    expect(
      searchObjects([{ id: 'bad', raw: '{"id": "bad", "name": "wall' }], 'wall').objects,
    ).toEqual([]);
    expect(createObjectMatcher('')).toBeNull();
    expect(searchObjects(building, '')).toEqual({ objects: [], scanned: 0, complete: true });
  });
});
