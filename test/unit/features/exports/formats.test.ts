import { describe, expect, it } from 'vitest';
import type { LineRecord } from '../../../../src/bytes/lines';
import {
  EXPORT_FORMATS,
  exportFileName,
  formatFileName,
  jsonArrayParts,
  jsonLinesParts,
  type ExportObject,
} from '../../../../src/features/exports/formats';
import { setExportBytes, uniqueObjects } from '../../../../src/features/exports/setExport';
import type { TextParts } from '../../../../src/features/exports/parts';
import { ObjectSet } from '../../../../src/objects/set/objectSet';
import { BlockIndexer } from '../../../../src/objects/load/indexing';
import { appendRecords, loadedSet } from '../../support/objectSets';
import {
  arrayElementTexts,
  AWKWARD_OBJECT,
  collect,
  databaseRecords,
  fixtureText,
} from '../../support/exportFixtures';
import { readRealFixture } from '../../support/realFixtures';

async function fileOf(parts: TextParts): Promise<Buffer> {
  return Buffer.from((await collect(parts)).join(''), 'utf8');
}

/** A real with-children answer (pretty-printed as stored upstream), one record per element. */
function floorRecords(): LineRecord[] {
  return arrayElementTexts(fixtureText('revit-floor.objects.json')).map((raw) => ({
    id: (JSON.parse(raw) as { id: string }).id,
    raw,
  }));
}

function objectsOf(records: readonly LineRecord[]): ExportObject[] {
  return [...uniqueObjects(loadedSet(records))];
}

describe('EXPORT_FORMATS', () => {
  const formats = Object.entries(EXPORT_FORMATS);

  it('names every control "Download …", each differently, under its own id', () => {
    for (const [key, format] of formats) {
      expect(format.id).toBe(key);
      expect(format.label).toMatch(/^Download \S/);
    }
    expect(new Set(formats.map(([, format]) => format.label)).size).toBe(formats.length);
  });

  it('gives each extension its MIME type', () => {
    const types = {
      json: 'application/json',
      txt: 'text/plain;charset=utf-8',
      ndjson: 'application/x-ndjson',
    };
    for (const [, format] of formats) {
      expect(types[format.extension as keyof typeof types]).toBe(format.mimeType);
    }
  });

  it('says what every format other than the byte-exact ones changes', () => {
    const exact = formats.filter(([, format]) => format.transformation === null).map(([id]) => id);
    expect(exact).toEqual(['object', 'jsonArray', 'jsonLines']);
  });
});

describe('object', () => {
  it('is the /single body byte for byte, byte order mark included', async () => {
    const bytes = readRealFixture('revit-model-root.single.json');

    const file = await fileOf(EXPORT_FORMATS.object.parts({ raw: bytes.toString('utf8') }));

    expect(file.equals(bytes)).toBe(true);
  });

  it('is a child object text byte for byte, spaced separators and unicode included', async () => {
    const raw = AWKWARD_OBJECT;

    expect((await fileOf(EXPORT_FORMATS.object.parts({ raw }))).equals(Buffer.from(raw))).toBe(
      true,
    );
  });
});

describe('prettyObject', () => {
  it('indents by 2 and keeps -0, 1e308 and long numbers as received', async () => {
    const text = (await collect(EXPORT_FORMATS.prettyObject.parts({ raw: AWKWARD_OBJECT }))).join(
      '',
    );

    expect(text.startsWith('{\n  "id": "00000000000000000000000000000001",\n  "a.b": -0,\n')).toBe(
      true,
    );
    expect(text).toContain('\n  "c/d": 1e308,\n');
    expect(text).toContain('\n  "big": 123456789012345678901234567890,\n');
    expect(JSON.parse(text)).toEqual(JSON.parse(AWKWARD_OBJECT));
  });

  it('equals JSON.stringify(value, null, 2) for a real root whose numbers are in canonical form', async () => {
    const raw = fixtureText('blender-cube.objects.json');
    const root = arrayElementTexts(raw)[0]!;

    const text = (await collect(EXPORT_FORMATS.prettyObject.parts({ raw: root }))).join('');

    expect(text).toBe(JSON.stringify(JSON.parse(root), null, 2));
  });
});

describe('jsonArray and jsonLines', () => {
  it('rebuild a real JSON-mode with-children body byte for byte', async () => {
    const bytes = readRealFixture('blender-cube.objects.json');
    const records = arrayElementTexts(bytes.toString('utf8')).map((raw) => ({ id: '', raw }));

    expect(records).toHaveLength(9);
    expect((await fileOf(EXPORT_FORMATS.jsonArray.parts({ records }))).equals(bytes)).toBe(true);
  });

  it('rebuild a real text-mode body byte for byte', async () => {
    const bytes = readRealFixture('brep-meshes.store.tsv');
    const records = databaseRecords();

    expect(records).toHaveLength(103);
    expect((await fileOf(EXPORT_FORMATS.jsonLines.parts({ records }))).equals(bytes)).toBe(true);
  });

  it('keep every repeated copy, where the server sent it', async () => {
    const records = [
      { id: 'a', raw: '{"id":"a"}' },
      { id: 'b', raw: '{"id": "b"}' },
      { id: 'b', raw: '{"id": "b"}' },
    ];

    expect((await collect(EXPORT_FORMATS.jsonArray.parts({ records }))).join('')).toBe(
      '[{"id":"a"},{"id": "b"},{"id": "b"}]',
    );
    expect((await collect(EXPORT_FORMATS.jsonLines.parts({ records }))).join('')).toBe(
      'a\t{"id":"a"}\nb\t{"id": "b"}\nb\t{"id": "b"}\n',
    );
  });

  it('write JSON lines from the bytes an object set stored, exactly the body received', async () => {
    const bytes = readRealFixture('brep-meshes.store.tsv');
    const indexer = new BlockIndexer();
    const set = new ObjectSet();
    const received = bytes.subarray(0, bytes.indexOf(0x0a, bytes.length / 2) + 1);
    for (const chunk of [received.subarray(0, 5000), received.subarray(5000)]) {
      const block = indexer.push(chunk);
      if (block) set.appendBlock(block);
    }

    const parts = EXPORT_FORMATS.jsonLines.parts({
      records: set.records,
      lineBytes: set.bodyBytes(),
    });
    const later = indexer.push(bytes.subarray(received.length));
    if (later) set.appendBlock(later);

    // The stored blocks themselves: nothing decoded and encoded again.
    const written = [...(parts as Iterable<string | Uint8Array>)];
    expect(written.every((part) => part instanceof Uint8Array)).toBe(true);
    expect(Buffer.concat(written as Uint8Array[]).equals(received)).toBe(true);
  });

  it('hold the records there were when the parts were taken, not those added later', async () => {
    const records: LineRecord[] = [{ id: 'a', raw: '{"id":"a"}' }];

    const parts = EXPORT_FORMATS.jsonLines.parts({ records });
    records.push({ id: 'b', raw: '{"id":"b"}' });

    expect((await collect(parts)).join('')).toBe('a\t{"id":"a"}\n');
  });
});

describe('ndjson', () => {
  it('is each real database object once, its text as received, one per line', async () => {
    const records = databaseRecords();
    const withRepeats = [...records, ...records.slice(0, 5)];

    const text = (
      await collect(EXPORT_FORMATS.ndjson.parts({ objects: objectsOf(withRepeats) }))
    ).join('');

    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    expect(lines).toEqual(records.map(({ raw }) => raw));
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });

  it('puts an object whose text has line breaks on one line, tokens unchanged', async () => {
    const records = floorRecords();
    expect(records[0]!.raw).toContain('\n');

    const text = (await collect(EXPORT_FORMATS.ndjson.parts({ objects: objectsOf(records) }))).join(
      '',
    );

    const lines = text.slice(0, -1).split('\n');
    expect(lines).toHaveLength(13);
    lines.forEach((line, index) => {
      expect(JSON.parse(line)).toEqual(JSON.parse(records[index]!.raw));
    });
    expect(text).toContain(',-0.00000000000017596590851098882,');
  });
});

describe('objectsOfType', () => {
  it('is the objects of exactly that full type chain, each once, as a JSON array of their texts', async () => {
    const records = floorRecords();
    const materialType = 'Objects.Other.Material:Objects.Other.Revit.RevitMaterial';
    const objects = objectsOf([...records, records[2]!]);

    const text = (
      await collect(EXPORT_FORMATS.objectsOfType.parts({ objects, speckleType: materialType }))
    ).join('');

    const materials = records.filter(
      ({ raw }) => (JSON.parse(raw) as { speckle_type: string }).speckle_type === materialType,
    );
    expect(materials).toHaveLength(4);
    expect(text).toBe(`[${materials.map(({ raw }) => raw).join(',')}]`);
    const generalOnly = EXPORT_FORMATS.objectsOfType.parts({
      objects,
      speckleType: 'Objects.Other.Material',
    });
    expect((await collect(generalOnly)).join('')).toBe('[]');
  });

  it('gives the real DataChunks of a database dump', async () => {
    const objects = objectsOf(databaseRecords());

    const text = (
      await collect(
        EXPORT_FORMATS.objectsOfType.parts({
          objects,
          speckleType: 'Speckle.Core.Models.DataChunk',
        }),
      )
    ).join('');

    const chunks = JSON.parse(text) as { speckle_type: string }[];
    expect(chunks).toHaveLength(82);
    expect(new Set(chunks.map((chunk) => chunk.speckle_type))).toEqual(
      new Set(['Speckle.Core.Models.DataChunk']),
    );
  });
});

describe('ids', () => {
  it('lists each received id once, one per line, in the order received', async () => {
    const records = databaseRecords();

    const text = (
      await collect(EXPORT_FORMATS.ids.parts({ objects: objectsOf([...records, records[0]!]) }))
    ).join('');

    expect(text).toBe(records.map(({ id }) => `${id}\n`).join(''));
  });
});

describe('missingIds', () => {
  it('lists the given ids, one per line, in the order given', async () => {
    const text = (await collect(EXPORT_FORMATS.missingIds.parts({ ids: ['b2', 'a1', 'c3'] }))).join(
      '',
    );
    expect(text).toBe('b2\na1\nc3\n');
    expect(await collect(EXPORT_FORMATS.missingIds.parts({ ids: [] }))).toEqual([]);
  });
});

describe('value', () => {
  const raw = fixtureText('revit-floor.objects.json');
  const root = arrayElementTexts(raw)[0]!;

  it('cuts a nested object out of the received text and indents it', async () => {
    const text = (await collect(EXPORT_FORMATS.value.parts({ raw: root, path: ['level'] }))).join(
      '',
    );

    const floor = JSON.parse(root) as { level: unknown };
    expect(text).toBe(JSON.stringify(floor.level, null, 2));
  });

  it('gives a single value as its JSON text, and reaches into arrays by index', async () => {
    const parts = async (path: (string | number)[]) =>
      (await collect(EXPORT_FORMATS.value.parts({ raw: AWKWARD_OBJECT, path }))).join('');

    expect(await parts(['a.b'])).toBe('-0');
    expect(await parts(['c/d'])).toBe('1e308');
    expect(await parts(['/e'])).toBe('1.0000000000000001');
    expect(await parts(['@x.y/z', 'ü'])).toBe('"é\\u00e9😀\\ud83d\\ude00"');
    expect(await parts(['nested', 2, 1])).toBe('false');
    expect(await parts(['nested', 0])).toBe('[\n  {}\n]');
  });

  it('fails the save, not the click, when there is no value at the path', async () => {
    const parts = EXPORT_FORMATS.value.parts({ raw: root, path: ['level', 'nothing'] });

    await expect(collect(parts)).rejects.toThrow('no value at ["level","nothing"]');
  });
});

describe('recomposed', () => {
  it('writes the recomposed value as compact JSON, as JSON.stringify would', async () => {
    const value = JSON.parse(fixtureText('revit-floor.objects.json')) as unknown;

    const text = (await collect(EXPORT_FORMATS.recomposed.parts({ recompose: () => value }))).join(
      '',
    );

    expect(text).toBe(JSON.stringify(value));
  });

  it('recomposes only once writing starts, not when the parts are taken', async () => {
    let built = 0;
    const recompose = () => {
      built += 1;
      return { id: 'x', '@elements': [{ id: 'y', data: [-0, 1e308] }] };
    };

    const parts = EXPORT_FORMATS.recomposed.parts({ recompose });
    expect(built).toBe(0);

    expect((await collect(parts)).join('')).toBe(
      '{"id":"x","@elements":[{"id":"y","data":[0,1e+308]}]}',
    );
    expect(built).toBe(1);
  });

  it('waits for a value built in slices, and writes the selected value indented by 2', async () => {
    const value = { id: 'x', data: [-0, 1e308] };
    const recompose = () => Promise.resolve(value);

    const text = (await collect(EXPORT_FORMATS.recomposedValue.parts({ recompose }))).join('');

    expect(text).toBe(JSON.stringify(value, null, 2).replace('-0', '0'));
  });
});

describe('uniqueObjects', () => {
  it('gives each object once with its type, from the objects received when it was called', () => {
    const records = databaseRecords();
    const set = loadedSet(records.slice(0, 10));

    const objects = uniqueObjects(set);
    appendRecords(set, records.slice(10));

    const listed = [...objects];
    expect(listed.map(({ id }) => id)).toEqual(records.slice(0, 10).map(({ id }) => id));
    const { id, raw, speckleType } = listed[0]!;
    expect({ id, raw, speckleType }).toEqual({
      id: records[0]!.id,
      raw: records[0]!.raw,
      speckleType: 'Speckle.Core.Models.DataChunk',
    });
  });
});

describe('jsonArrayParts', () => {
  it('lays the texts out as [r0,r1,…] without joining them', async () => {
    expect(await collect(jsonArrayParts(['{"a":1}', '{"b": 2}']))).toEqual([
      '[',
      '{"a":1}',
      ',',
      '{"b": 2}',
      ']',
    ]);
    expect(await collect(jsonArrayParts(['{}']))).toEqual(['[', '{}', ']']);
    expect(await collect(jsonArrayParts([]))).toEqual(['[', ']']);
  });

  it('equals JSON.stringify of the objects when given their compact texts', async () => {
    const objects = JSON.parse(fixtureText('revit-floor.objects.json')) as unknown[];

    const parts = jsonArrayParts(objects.map((object) => JSON.stringify(object)));

    expect((await collect(parts)).join('')).toBe(JSON.stringify(objects));
  });
});

describe('jsonLinesParts', () => {
  it('lays the records out as id<TAB>json<LF> without joining them', async () => {
    expect(await collect(jsonLinesParts([{ id: 'a', raw: '{}' }]))).toEqual([
      'a',
      '\t',
      '{}',
      '\n',
    ]);
    expect(await collect(jsonLinesParts([]))).toEqual([]);
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

  it('names a file at once for an adversarial 40,000-character id', () => {
    // A backtracking pattern would take minutes on this id; the test's timeout stops it.
    const name = exportFileName({
      ...address,
      objectId: `a${'.-'.repeat(20_000)}b-.`,
      kind: 'object',
      extension: 'json',
    });
    expect(name.endsWith(`b_object.json`)).toBe(true);
    expect(name).toContain(`_a.-.-`);
  });
});

describe('formatFileName', () => {
  const target = { host: 'localhost:5173', projectId: 'abcdef0123', objectId: 'f'.repeat(32) };
  const stem = `localhost-5173_abcdef0123_${'f'.repeat(32)}`;

  it("names the format's kind and extension", () => {
    expect(formatFileName(EXPORT_FORMATS.ndjson, target)).toBe(`${stem}_objects.ndjson`);
    expect(formatFileName(EXPORT_FORMATS.jsonLines, { ...target, complete: true })).toBe(
      `${stem}_objects-lines.txt`,
    );
  });

  it('adds the detail and marks a file from a load that did not complete', () => {
    expect(
      formatFileName(EXPORT_FORMATS.objectsOfType, {
        ...target,
        detail: 'RevitFloor',
        complete: false,
      }),
    ).toBe(`${stem}_type-RevitFloor-incomplete.json`);
    expect(formatFileName(EXPORT_FORMATS.value, { ...target, detail: '@elements/0' })).toBe(
      `${stem}_value-elements-0.json`,
    );
  });
});

describe('every set format, on the texts a parse and re-serialise would change', () => {
  const hex = (n: number) => n.toString(16).padStart(32, '0');
  // Compact, as `/single` and the stream's root come; unicode as raw UTF-8 and as escapes.
  const root =
    `{"id":"${hex(10)}","speckle_type":"Base","a.b":-0,"c/d":1e308,"k😀/é.x":"\\ud83d\\ude00😀",` +
    `"@elements":[{"referencedId":"${hex(1)}","speckle_type":"reference"}],` +
    `"__closure":{"${hex(1)}":1,"${hex(3)}":1},"totalChildrenCount":null}`;
  // About 10 MB, with astral characters whose surrogate pairs a chunked writer could split.
  const long = `{"id": "${hex(3)}", "speckle_type": "Objects.Other.Text", "value": "${'ab😀é\\n'.repeat(1_100_000)}"}`;
  const records: LineRecord[] = [
    { id: hex(10), raw: root },
    { id: hex(1), raw: AWKWARD_OBJECT },
    { id: hex(3), raw: long },
    // The same child again, as a root stored in two projects sends it.
    { id: hex(1), raw: AWKWARD_OBJECT },
  ];
  const unique = records.slice(0, 3);
  const set = loadedSet(records);
  const objects = () => uniqueObjects(set);
  const utf8 = (text: string) => Buffer.from(text, 'utf8');

  const cases: Array<[string, string, () => TextParts, Buffer]> = [
    [
      'jsonArray: the JSON-mode body',
      'jsonArray',
      () => EXPORT_FORMATS.jsonArray.parts({ records }),
      utf8(`[${records.map(({ raw }) => raw).join(',')}]`),
    ],
    [
      'jsonLines from texts: the text-mode body',
      'jsonLines',
      () => EXPORT_FORMATS.jsonLines.parts({ records }),
      utf8(records.map(({ id, raw }) => `${id}\t${raw}\n`).join('')),
    ],
    [
      'jsonLines from stored bytes: the text-mode body',
      'jsonLines',
      () => EXPORT_FORMATS.jsonLines.parts({ records: set.records, lineBytes: set.bodyBytes() }),
      utf8(records.map(({ id, raw }) => `${id}\t${raw}\n`).join('')),
    ],
    [
      'ndjson: each text once, one per line',
      'ndjson',
      () => EXPORT_FORMATS.ndjson.parts({ objects: objects() }),
      utf8(unique.map(({ raw }) => `${raw}\n`).join('')),
    ],
    [
      'objectsOfType: the texts of that exact type once, as an array',
      'objectsOfType',
      () => EXPORT_FORMATS.objectsOfType.parts({ objects: objects(), speckleType: 'Base' }),
      utf8(`[${root},${AWKWARD_OBJECT}]`),
    ],
    [
      'ids: each id once, one per line',
      'ids',
      () => EXPORT_FORMATS.ids.parts({ objects: objects() }),
      utf8(`${hex(10)}\n${hex(1)}\n${hex(3)}\n`),
    ],
  ];

  it.each(cases)('%s', async (_name, formatId, parts, expected) => {
    const written: Buffer[] = [];
    for await (const part of parts()) {
      written.push(typeof part === 'string' ? utf8(part) : Buffer.from(part));
    }
    const file = Buffer.concat(written);
    expect(file.length).toBe(expected.length);
    // Buffer.equals, not toEqual: a 10 MB diff would drown the report.
    expect(file.equals(expected)).toBe(true);
    // Progress announces the size before writing; only the type filter's is not known ahead.
    expect(setExportBytes(formatId, set)).toBe(
      formatId === 'objectsOfType' ? null : expected.length,
    );
  });
});
