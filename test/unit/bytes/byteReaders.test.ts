import { describe, expect, it } from 'vitest';
import { flatClosureSpan } from '../../../src/bytes/closureAside';
import { JsonReader, TOKEN } from '../../../src/bytes/jsonReader';
import { topLevelItems, topLevelMembers } from '../../../src/bytes/lazyObject';
import { isWholeObjectText } from '../../../src/bytes/lines';
import { ObjectCutter } from '../../../src/bytes/objectCutter';
import { sniffForm } from '../../../src/bytes/objectForm';
import {
  countTopLevelClosure,
  readTopLevelClosure,
  readTopLevelType,
  topLevelIdSpan,
} from '../../../src/bytes/topLevelFields';
import { cutAtEveryByte, cutText } from '../support/fileObjects';

// How the readers of src/bytes take text that is not JSON: strings cut short, brackets that do not
// match, escapes that are not JSON's. They find where things are and leave judging the text to its
// parse, so what they make of it is pinned here, reader by reader, as it is.
const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text);

type Problem = [line: number, column: number, byte: number, reason: string];
const ENDS_INSIDE = 'is cut short: the file ends inside it';
const STRING_CUT = 'is cut short: a string in it does not end on its line';

describe('ObjectCutter on malformed objects, at any chunk boundary', () => {
  it.each<[string, string[], Problem[], boolean]>([
    ['[{"id":"a","x":"ab', [], [[1, 2, 1, ENDS_INSIDE]], false],
    ['{"id":"a","x":"ab\\', [], [[1, 1, 0, ENDS_INSIDE]], false],
    ['{"id":"a"}}\n{"id":"b"}', ['a', 'b'], [[1, 11, 10, 'is not a JSON object']], true],
    [
      '[{"id":"a"}}, {"id":"b"}]',
      ['a', 'b'],
      [
        [1, 12, 11, 'is element 2 of the array, with no comma before it'],
        [1, 12, 11, 'is element 2 of the array, which is not an object'],
      ],
      true,
    ],
    [
      '[{"id":"a","x":[1,2}, {"id":"b"}]',
      ['a'],
      [[1, 34, 33, 'is the end of the file, but the array is not closed']],
      false,
    ],
    ['{"id":"a","x":"\\q"}\n', ['a'], [], true],
    ['{"id":"a","x":"\\\\"}\n{"id":"b"}', ['a', 'b'], [], true],
    ['{"id":"a","x":"\\"}"}\n', ['a'], [], true],
    [
      '[1}, {"id":"b"}]',
      ['b'],
      [[1, 2, 1, 'is element 1 of the array, which is not an object']],
      true,
    ],
    [
      '["a\\"b", {"id":"b"}]',
      ['b'],
      [[1, 2, 1, 'is element 1 of the array, which is not an object']],
      true,
    ],
    ['a\t{"id":"a","x":"}', [], [[1, 1, 0, ENDS_INSIDE]], false],
    ['a\t{"id":"a"}}', [], [[1, 1, 0, ENDS_INSIDE]], false],
    ['a\t{"id":"a","x":"\\"}', [], [[1, 1, 0, ENDS_INSIDE]], false],
    ['a\t{"id":"a","x":"\\\\"}', ['a'], [], true],
    // A newline inside a string is not counted as a line: no JSON text holds one.
    [
      '{\n"id":"a",\n"x":"l1\nl2"\n}\n{"id":"b"}\n{"id"',
      ['a', 'b'],
      [[6, 1, 37, ENDS_INSIDE]],
      false,
    ],
    ['{"id":"a","x":"ab\n{"id":"b"}\n{"id":"c"}\n', ['b', 'c'], [[1, 1, 0, STRING_CUT]], true],
    // Escaped or not, a newline ends a JSON lines line, wherever a chunk ends.
    ['{"id":"a","x":"ab\\\n{"id":"b"}\n{"id":"c"}\n', ['b', 'c'], [[1, 1, 0, STRING_CUT]], true],
  ])('%j', (text, ids, problems, complete) => {
    for (const read of cutAtEveryByte(bytes(text))) {
      expect(read.records.map(({ id }) => id)).toEqual(ids);
      expect(
        read.problems.map(({ line, column, byte, reason }) => [line, column, byte, reason]),
      ).toEqual(problems);
      expect(read.complete).toBe(complete);
    }
  });
});

describe('topLevelFields on malformed objects', () => {
  it.each([
    ['{"speckle_type":"A"', ''],
    ['{"speckle_type":"A\\"B"}', 'A"B'],
    ['{"speckle_type":"A}', ''],
    ['{"a":"x\\\\","speckle_type":"T"}', 'T'],
    ['{"a":[}],"speckle_type":"T"}', 'T'],
    ['{"a":]],"speckle_type":"T"}', 'T'],
    ['"speckle_type":"T"}', 'T'],
    ['{"speckle_type":1}', ''],
    ['{"speckle_type":"T","a":"x\\"}', 'T'],
  ])('readTopLevelType(%j) is %j', (text, type) => {
    expect(readTopLevelType(bytes(text))).toBe(type);
  });

  it.each([
    ['{ "id" : "abc" }', 'abc'],
    ['{"id":"a\\"bc"}', null],
    ['{"id":"abc', null],
    ['{"id":"abc"', 'abc'],
    ['{"idx":"a","id":"b"}', 'b'],
    ['{"id" "abc"}', null],
  ])('topLevelIdSpan(%j) spans %j', (text, id) => {
    const span = topLevelIdSpan(bytes(text));
    expect(span && text.slice(span.from, span.to)).toBe(id);
  });

  // Read leniently, as a server writes them: what the text holds past a broken entry is left.
  it.each<[string, number, [string, number][]]>([
    ['{"__closure":{"a":1,"b":2}', 0, []],
    ['{"__closure":{"a:":1}}', 2, [['a:', 1]]],
    [
      '{"__closure":{"a":1,,"b":2}}',
      2,
      [
        ['a', 1],
        ['b', 2],
      ],
    ],
    ['{"__closure":{"a" 1,"b":2}}', 1, [['a', 2]]],
    ['{"__closure":{"a":[1,2],"b":1}}', 2, [['a', Infinity]]],
    ['{"__closure":{"a":"x,"b":1}}', 0, []],
    [
      '{"__closure":{"a":1 2,"b":3}}',
      2,
      [
        ['a', Infinity],
        ['b', 3],
      ],
    ],
    ['{"__closure":{"a":01}}', 1, [['a', 1]]],
    [
      '{"__closure":{ "a" : 1 , "b" : 2 }}',
      2,
      [
        ['a', 1],
        ['b', 2],
      ],
    ],
    ['{"__closure":{"a":1}, "__closure":{"b":2}}', 1, [['b', 2]]],
  ])('countTopLevelClosure(%j) is %i, readTopLevelClosure %j', (text, count, entries) => {
    expect(countTopLevelClosure(bytes(text))).toBe(count);
    expect([...readTopLevelClosure(bytes(text))]).toEqual(entries);
  });
});

describe('flatClosureSpan on malformed roots', () => {
  it.each([
    ['{"id":"x" "__closure":{}}', null],
    ['{"a":[1,{"b":"]"}],"__closure":{"a":1}}', '{"a":1}'],
    ['{"a":tru,"__closure":{}}', '{}'],
    ['{"a":"x\\"y","__closure":{}}', '{}'],
    ['{"a":[1,2,"__closure":{}}', null],
    ['{"a":1,"__closure":{"x":1', null],
    ['{"a":1,"__closure":{"x":{"y":1}}}', '{"x":{"y":1}'],
    ['{"a":,"__closure":{}}', null],
    ['{"a":[1,2]]],"__closure":{}}', null],
    ['{"a":"x","__closure":[]}', null],
  ])('%j spans %j', (text, closure) => {
    const span = flatClosureSpan([bytes(text)]);
    expect(span && text.slice(span.start, span.end)).toBe(closure);
  });
});

describe('the line checks on malformed first members', () => {
  it.each([
    ['a\t{"id": "a"}', true],
    ['a\t{"id":  "a"}', false],
    ['a\t{"id":"ab"}', false],
    ['a\t{"id":1}', false],
    ['a\t{"id":"a"', false],
    ['a\t{"id" :"a"}', false],
    ['a\t{"x":1}', true],
  ])('isWholeObjectText(%j) is %s', (line, whole) => {
    const text = bytes(line);
    expect(isWholeObjectText(text, 0, text.indexOf(0x09), text.length)).toBe(whole);
  });

  it.each([
    ['true\t1', 'true'],
    ['false\n', 'false'],
    ['truex', null],
    ['false,', null],
    ['nul', null],
    ['nullé', null],
  ])('sniffForm(%j) takes it for the literal %j', (text, literal) => {
    const sniffed = sniffForm(bytes(text), true);
    expect(sniffed).toMatchObject({
      refused: literal ? { kind: 'not-an-object', value: literal } : { kind: 'not-json' },
    });
  });
});

describe('the text readers on malformed objects', () => {
  it.each([
    ['{"a":1', null],
    ['{"a":"x}', null],
    ['{"a":[1,2}', null],
    ['{"a":1,}', null],
    ['{"a" 1}', null],
    ['{"a":1} x', null],
    ['{"a":tru}', ['"a"']],
    ['{"a":[1,"]"],"b":{"c":"}"}}', ['"a"', '"b"']],
  ])('topLevelMembers(%j) finds the keys %j', (text, keys) => {
    const members = topLevelMembers(text);
    expect(members?.map(({ keyStart, keyEnd }) => text.slice(keyStart, keyEnd)) ?? null).toEqual(
      keys,
    );
  });

  it.each([
    ['[1,2', null],
    ['[1,]', null],
    ['[1 2]', null],
    ['["a\\"]"]', ['"a\\"]"']],
  ])('topLevelItems(%j) finds %j', (text, items) => {
    expect(topLevelItems(text)?.map(({ start, end }) => text.slice(start, end)) ?? null).toEqual(
      items,
    );
  });
});

describe('the readers on hostile input', () => {
  const DEPTH = 1_000_000;
  const deep = '['.repeat(DEPTH) + ']'.repeat(DEPTH);

  it('cut an object holding a million nested arrays, in any form, without recursing', () => {
    const object = `{"id":"a","x":${deep}}`;
    for (const text of [`[${object}]`, `${object}\n`, `a\t${object}`, `a\t${object}\n`]) {
      const read = cutText(text);
      expect(read.records.map(({ raw }) => raw)).toEqual([object]);
      expect(read.complete).toBe(true);
    }
    const open = cutText(`[{"id":"a","x":${'['.repeat(DEPTH)}`);
    expect(open.records).toEqual([]);
    expect(open.problems.map(({ reason }) => reason)).toEqual([ENDS_INSIDE]);
  });

  it('cut a line of many objects in one pass over it, not a pass from each', () => {
    const count = 100_000;
    const cutter = new ObjectCutter();
    cutter.push(bytes(`${'{"id":"a"}'.repeat(count)}\n`));
    expect(cutter.finish().complete).toBe(true);
    expect(cutter.objects).toBe(count);
  });

  it('read the own fields past a million nested arrays', () => {
    const text = bytes(`{"speckle_type":"T","__closure":{"a":1},"x":${deep}}`);
    expect(readTopLevelType(text)).toBe('T');
    expect(countTopLevelClosure(text)).toBe(1);
    expect([...readTopLevelClosure(text)]).toEqual([['a', 1]]);
    // Within the first megabyte, where a root's closure is looked for.
    const root = `{"x":${'['.repeat(400_000)}${']'.repeat(400_000)},"__closure":{"a":1}}`;
    const span = flatClosureSpan([bytes(root)]);
    expect(span && root.slice(span.start, span.end)).toBe('{"a":1}');
  });

  it('outline and tokenize text of a million nested arrays', () => {
    expect(topLevelMembers(`{"a":${deep}}`)).toEqual([
      { keyStart: 1, keyEnd: 4, start: 5, end: 5 + 2 * DEPTH },
    ]);
    expect(topLevelItems(`[${deep}]`)).toEqual([{ start: 1, end: 1 + 2 * DEPTH }]);
    const reader = new JsonReader(deep);
    let tokens = 0;
    while (reader.next() !== TOKEN.end) tokens += 1;
    expect(tokens).toBe(2 * DEPTH);
  });
});
