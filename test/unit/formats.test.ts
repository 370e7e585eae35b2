import { describe, expect, it } from 'vitest';
import { exportFileName, jsonArrayParts, jsonLinesParts } from '../../src/export/formats';
import type { LineRecord } from '../../src/api/lines';
import { readRealFixture } from './realFixtures';

// The top-level elements of a JSON array as they are written in it, byte for byte.
function arrayElementTexts(json: string): string[] {
  const elements: string[] = [];
  let depth = 0;
  let inString = false;
  let start = 1;
  for (let index = 0; index < json.length; index += 1) {
    const char = json[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') depth -= 1;
    if (!inString && ((char === ',' && depth === 1) || depth === 0)) {
      elements.push(json.slice(start, index).trim());
      start = index + 1;
    }
  }
  return elements;
}

function recordsOf(tsv: string): LineRecord[] {
  return tsv
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const tab = line.indexOf('\t');
      return { id: line.slice(0, tab), raw: line.slice(tab + 1) };
    });
}

describe('jsonArrayParts', () => {
  it('lays the texts out as [r0,r1,…] without joining them', () => {
    expect(jsonArrayParts(['{"a":1}', '{"b": 2}'])).toEqual(['[', '{"a":1}', ',', '{"b": 2}', ']']);
    expect(jsonArrayParts(['{}'])).toEqual(['[', '{}', ']']);
    expect(jsonArrayParts([])).toEqual(['[', ']']);
  });

  it('rebuilds a real with-children response byte for byte', () => {
    const response = readRealFixture('blender-cube.objects.json').toString('utf8');
    const raws = arrayElementTexts(response);

    expect(raws).toHaveLength(9);
    expect(jsonArrayParts(raws).join('')).toBe(response);
  });

  it('equals JSON.stringify of the objects when given their compact texts', () => {
    const objects = JSON.parse(
      readRealFixture('revit-floor.objects.json').toString('utf8'),
    ) as unknown[];

    const parts = jsonArrayParts(objects.map((object) => JSON.stringify(object)));

    expect(parts.join('')).toBe(JSON.stringify(objects));
  });

  it('gives a JSON array of the lines of a real database dump', () => {
    const records = recordsOf(readRealFixture('brep-meshes.store.tsv').toString('utf8'));

    const array = JSON.parse(jsonArrayParts(records.map(({ raw }) => raw)).join('')) as {
      id: string;
    }[];

    expect(array.map(({ id }) => id)).toEqual(records.map(({ id }) => id));
  });
});

describe('jsonLinesParts', () => {
  it('lays the records out as id<TAB>json<LF> without joining them', () => {
    expect(jsonLinesParts([{ id: 'a', raw: '{}' }])).toEqual(['a', '\t', '{}', '\n']);
    expect(jsonLinesParts([])).toEqual([]);
  });

  it('rebuilds a real database dump byte for byte', () => {
    const bytes = readRealFixture('brep-meshes.store.tsv');
    const records = recordsOf(bytes.toString('utf8'));

    const rebuilt = Buffer.from(jsonLinesParts(records).join(''), 'utf8');

    expect(records).toHaveLength(103);
    expect(rebuilt.equals(bytes)).toBe(true);
  });
});

describe('exportFileName', () => {
  const address = {
    host: 'app.speckle.systems',
    projectId: '0123456789',
    objectId: '0123456789abcdef0123456789abcdef',
  };

  it('names the server, project, object and kind', () => {
    expect(exportFileName({ ...address, kind: 'children', extension: 'jsonl' })).toBe(
      'app.speckle.systems_0123456789_0123456789abcdef0123456789abcdef_children.jsonl',
    );
  });

  it.each([
    ['localhost:5173', 'localhost-5173'],
    ['[::1]:3000', '1-3000'],
    ['.hidden', 'hidden'],
  ])('makes the host %j safe for file systems', (host, safe) => {
    expect(exportFileName({ ...address, host, kind: 'object', extension: 'json' })).toBe(
      `${safe}_0123456789_0123456789abcdef0123456789abcdef_object.json`,
    );
  });

  it('replaces characters that file systems refuse in any part', () => {
    expect(
      exportFileName({
        host: 'h',
        projectId: 'p/..\\x',
        objectId: 'o:*?"<>|',
        kind: 'all as array',
        extension: '.json',
      }),
    ).toBe('h_p-..-x_o_all-as-array.json');
  });
});
