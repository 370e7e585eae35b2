import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../../src/bytes/lines';
import { ObjectCutter } from '../../../src/bytes/objectCutter';
import { cutAtEveryByte, cutText } from '../support/fileObjects';
import { recordsOf } from '../support/lineRecords';
import { readRealFixture } from '../support/realFixtures';

function fixture(name: string): Uint8Array {
  return new Uint8Array(readRealFixture(name));
}

describe('ObjectCutter on the real fixtures', () => {
  it.each([
    ['revit-floor.objects.json', 13],
    ['blender-cube.objects.json', 9],
  ])('cuts each object of %s out of the array exactly as written', (name, count) => {
    const text = new TextDecoder().decode(fixture(name));
    const read = cutText(fixture(name));
    expect(read).toMatchObject({ form: 'json-array', problems: [], complete: true });
    const elements = JSON.parse(text) as { id: string }[];
    expect(read.records).toHaveLength(count);
    expect(read.records.map(({ id }) => id)).toEqual(elements.map(({ id }) => id));
    expect(read.records.map(({ raw }) => JSON.parse(raw) as unknown)).toEqual(elements);
    // Between the objects' texts, in order, lies nothing but the array's punctuation.
    let rest = text;
    for (const { raw } of read.records) rest = rest.replace(raw, '');
    expect(rest).toMatch(/^[[\],\s]*$/);
  });

  it('reads the single answer, byte order mark and all, as one object', () => {
    const read = cutText(fixture('revit-model-root.single.json'));
    const text = new TextDecoder().decode(fixture('revit-model-root.single.json'));
    expect(read.records).toEqual([{ id: '7238c0e0bbd1bafbe1a287aa7fc88619', raw: text.trim() }]);
    expect(read.complete).toBe(true);
  });

  it('reads the server line form as the server load does', () => {
    const bytes = fixture('brep-meshes.store.tsv');
    const read = cutText(bytes);
    const block = new LineSplitter().push(bytes)!;
    expect(read.form).toBe('id-lines');
    expect(read.records).toHaveLength(103);
    expect(read.records).toEqual(recordsOf(block));
  });
});

describe('ObjectCutter checking the ids of the server line form', () => {
  const text = [
    'a1\t{"id":"a1"}',
    'b2\t{"id":"c3","x":1}',
    // No "id" of its own: the nested object's is not the line's object's.
    '  d4\t{"x":{"id":"d4x"}}',
    'e5\t{"speckle_type":"T","id":"e5f"}',
    'g\t{"id":"g"}',
  ].join('\n');
  const bytes = new TextEncoder().encode(text);

  it('says each line whose own "id" is not the one before its tab, and lists it under the line\'s', () => {
    const otherIdReason = (listedAs: string, jsonId: string) =>
      `is listed as “${listedAs}”, the id before its tab, but the "id" in its JSON is “${jsonId}”`;
    const reads = cutAtEveryByte(bytes, () => new ObjectCutter(0, true));
    for (const read of reads) {
      expect(read.records.map(({ id }) => id)).toEqual(['a1', 'b2', 'd4', 'e5', 'g']);
      expect(read.problems).toEqual([
        {
          line: 2,
          column: 1,
          byte: text.indexOf('b2'),
          reason: otherIdReason('b2', 'c3'),
          otherId: true,
        },
        {
          line: 4,
          column: 1,
          byte: text.indexOf('e5'),
          reason: otherIdReason('e5', 'e5f'),
          otherId: true,
        },
      ]);
      expect(read.complete).toBe(true);
    }
  });

  it('shows an absurdly long id cut, and a Speckle id whole', () => {
    const cutter = new ObjectCutter(0, true);
    const line = `${'0'.repeat(32)}\t{"id":"${'é'.repeat(300)}"}\n`;
    const { problems } = cutter.push(new TextEncoder().encode(line));
    expect(problems.map(({ reason }) => reason)).toEqual([
      `is listed as “${'0'.repeat(32)}”, the id before its tab, but the "id" in its JSON is “${'é'.repeat(64)}…”`,
    ]);
  });

  it('says nothing of them unless asked: the first read of a file has no time for it', () => {
    expect(cutText(bytes)).toMatchObject({ problems: [], complete: true });
  });
});

describe('ObjectCutter on bad input', () => {
  it('keeps the lines after a malformed one, naming its line and byte', () => {
    const read = cutText('{"id":"a"}\n{"id":"b", "x": [1,\n{"id":"c"}\n');
    expect(read.records.map(({ id }) => id)).toEqual(['a', 'c']);
    expect(read.problems).toEqual([
      { line: 2, column: 1, byte: 11, reason: 'is cut short: its object does not end on its line' },
    ]);
    expect(read.complete).toBe(true);
  });

  it('keeps the lines after a first line that ends inside a string, at any chunk boundary', () => {
    const bytes = new TextEncoder().encode('{"id":"a","x":"ab}\n{"id":"b"}\n{"id":"c"}\n');
    for (const read of cutAtEveryByte(bytes)) {
      expect(read.form).toBe('json-lines');
      expect(read.records.map(({ id }) => id)).toEqual(['b', 'c']);
      expect(read.problems).toEqual([
        {
          line: 1,
          column: 1,
          byte: 0,
          reason: 'is cut short: a string in it does not end on its line',
        },
      ]);
    }
  });

  it('keeps the lines after a first line cut short, and still reads a laid-out file as one', () => {
    const broken = new TextEncoder().encode('{"id":"a","x":[1,\r\n\r\n{"id":"b"}\n{"id":"c"}\n');
    for (const read of cutAtEveryByte(broken)) {
      expect(read.records.map(({ id }) => id)).toEqual(['b', 'c']);
      expect(read.problems).toEqual([
        {
          line: 1,
          column: 1,
          byte: 0,
          reason: 'is cut short: its object does not end on its line',
        },
      ]);
    }
    const laidOut = cutText('{"id":"a","x":[\n  {"y":1}\n],\n"z":\n2}\n{\n"id":"b"}');
    expect(laidOut.form).toBe('json-objects');
    expect(laidOut.records.map(({ id }) => id)).toEqual(['a', 'b']);
    expect(laidOut.problems).toEqual([]);
  });

  it("reads the objects after an HTTP response's headers, at any chunk boundary, counting lines from the top", () => {
    const bytes = new TextEncoder().encode(
      'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n{"id":"a"}\n[1]\n{"id":"b"}\n',
    );
    for (const read of cutAtEveryByte(bytes)) {
      expect(read.form).toBe('json-lines');
      expect(read.records).toEqual([
        { id: 'a', raw: '{"id":"a"}' },
        { id: 'b', raw: '{"id":"b"}' },
      ]);
      expect(read.problems).toEqual([
        {
          line: 1,
          column: 1,
          byte: 0,
          reason:
            'is the headers of an HTTP response (“HTTP/1.1 200 OK”), as `curl -i` saves them: ' +
            'read over, the objects start at line 4',
        },
        { line: 5, column: 1, byte: 62, reason: 'is not a JSON object' },
      ]);
    }
  });

  it('reads the server line form line by line: CRLF, blank lines, spaces, a line cut short', () => {
    const read = cutText(
      '\uFEFFa\t{"id":"a"}\r\n\n  b\t{"id":"b"} \nc\t{"id":"c",\nd\t{"id":"d"}\ne\t{"id":"e","x":{"y":1}',
    );
    expect(read.records).toEqual([
      { id: 'a', raw: '{"id":"a"}' },
      { id: 'b', raw: '{"id":"b"}' },
      { id: 'd', raw: '{"id":"d"}' },
    ]);
    expect(read.problems).toEqual([
      { line: 4, column: 1, byte: 34, reason: 'is cut short: its object does not end on its line' },
      // The last line ends with a brace, but not the one that closes its object.
      { line: 6, column: 1, byte: 60, reason: 'is cut short: the file ends inside it' },
    ]);
    expect(read.complete).toBe(false);
  });

  it('keeps what came before a truncated last line, and says the file is incomplete', () => {
    const read = cutText('a\t{"id":"a"}\nb\t{"id":"b","data":[1,2');
    expect(read.records.map(({ id }) => id)).toEqual(['a']);
    expect(read.problems).toEqual([
      { line: 2, column: 1, byte: 13, reason: 'is cut short: the file ends inside it' },
    ]);
    expect(read.complete).toBe(false);
  });

  it('keeps the elements of a truncated array that ended', () => {
    const read = cutText('[\n {"id":"a"},\n {"id":"b"},\n {"id":"c","x":"}');
    expect(read.records.map(({ id }) => id)).toEqual(['a', 'b']);
    expect(read.problems).toEqual([
      { line: 4, column: 2, byte: 29, reason: 'is cut short: the file ends inside it' },
    ]);
    expect(read.complete).toBe(false);
  });

  it('says when an array ends unclosed between elements', () => {
    const read = cutText('[{"id":"a"},');
    expect(read.records.map(({ id }) => id)).toEqual(['a']);
    expect(read.problems).toEqual([
      {
        line: 1,
        column: 13,
        byte: 12,
        reason: 'is the end of the file, but the array is not closed',
      },
    ]);
    expect(read.complete).toBe(false);
  });

  it('reports array elements that are not objects and keeps the objects', () => {
    const read = cutText('[{"id":"a"}, 3, "x,]", [1, {"id":"n"}], {"id":"b"}]');
    expect(read.records.map(({ id }) => id)).toEqual(['a', 'b']);
    expect(read.problems.map(({ byte, reason }) => [byte, reason])).toEqual([
      [13, 'is element 2 of the array, which is not an object'],
      [16, 'is element 3 of the array, which is not an object'],
      [23, 'is element 4 of the array, which is not an object'],
    ]);
  });

  it('reports objects without an id, and lines of the server form without a tab or a JSON object', () => {
    expect(cutText('{"name":"x","child":{"id":"n"}}\n').problems).toEqual([
      { line: 1, column: 1, byte: 0, reason: 'is an object without an "id"' },
    ]);
    const read = cutText('a\t{}\nb {}\nc\t[]\nd\t{"x":"\\"}"}\n');
    expect(read.records).toEqual([
      { id: 'a', raw: '{}' },
      { id: 'd', raw: '{"x":"\\"}"}' },
    ]);
    expect(read.problems).toEqual([
      {
        line: 2,
        column: 1,
        byte: 5,
        reason: 'is not an object line (id, tab, JSON): it has no tab',
      },
      { line: 3, column: 1, byte: 10, reason: 'does not hold a JSON object after its tab' },
    ]);
  });

  it('reports a line of JSON lines that is not an object', () => {
    const read = cutText('{"id":"a"}\n[1,2]\n{"id":"b"}');
    expect(read.records.map(({ id }) => id)).toEqual(['a', 'b']);
    expect(read.problems).toEqual([
      { line: 2, column: 1, byte: 11, reason: 'is not a JSON object' },
    ]);
  });

  it.each([
    ['[{"id":"a"},\n]', [[1, 12, 11, "is a comma after the array's last element"]], ['a']],
    ['[,{"id":"a"}]', [[1, 2, 1, 'is a comma where an element of the array should be']], ['a']],
    [
      '[{"id":"a"},\n,{"id":"b"}]',
      [[2, 1, 13, 'is a comma where an element of the array should be']],
      ['a', 'b'],
    ],
    [
      '[{"id":"a"}\n {"id":"b"}]',
      [[2, 2, 13, 'is element 2 of the array, with no comma before it']],
      ['a', 'b'],
    ],
    [
      '[ {"id":"a"} , 1 ,{"id":"b"} ]',
      [[1, 16, 15, 'is element 2 of the array, which is not an object']],
      ['a', 'b'],
    ],
  ])('checks the commas between array elements: %j', (text, problems, ids) => {
    const read = cutText(text);
    expect(read.records.map(({ id }) => id)).toEqual(ids);
    expect(
      read.problems.map(({ line, column, byte, reason }) => [line, column, byte, reason]),
    ).toEqual(problems);
  });

  it('reports text after the end of an array', () => {
    expect(cutText('[{"id":"a"}]\n[{"id":"b"}]').problems).toEqual([
      { line: 2, column: 1, byte: 13, reason: 'is text after the end of the array' },
    ]);
  });

  it('reports an object whose bytes are not UTF-8 and keeps the others', () => {
    const bytes = new TextEncoder().encode('{"id":"a","x":"--"}\n{"id":"b"}\n');
    bytes[15] = 0xff;
    const read = cutText(bytes);
    expect(read.records.map(({ id }) => id)).toEqual(['b']);
    expect(read.problems).toEqual([
      { line: 1, column: 1, byte: 0, reason: 'is not valid UTF-8 text' },
    ]);
  });

  it.each([
    ['', { kind: 'empty' }],
    [' \n\t', { kind: 'empty' }],
    ['"a string"', { kind: 'not-an-object', value: 'a string' }],
    ['-12.5', { kind: 'not-an-object', value: 'a number' }],
    ['null\n', { kind: 'not-an-object', value: 'null' }],
    ['<!DOCTYPE html><html>', { kind: 'not-json', preview: '<!DOCTYPE html><html>' }],
    ['id,speckle_type\n1,Base', { kind: 'not-json', preview: 'id,speckle_type' }],
  ])('refuses %j with a reason', (text, refused) => {
    expect(cutText(text)).toMatchObject({ refused, records: [], complete: false });
  });

  it('refuses binary data, naming the first byte no text holds', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(cutText(png).refused).toEqual({
      kind: 'binary',
      at: { line: 2, column: 1, byte: 6 },
    });
    expect(cutText(Uint8Array.from([0x7b, 0x22, 0x00])).refused).toEqual({
      kind: 'binary',
      at: { line: 1, column: 3, byte: 2 },
    });
  });
});
