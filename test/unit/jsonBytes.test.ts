import { describe, expect, it } from 'vitest';
import {
  BracketWalk,
  closingQuote,
  containerEnd,
  countByte,
  flatMemberEnd,
  hasBytesAt,
  indexOfBytes,
  isEscaped,
  isKeyAt,
  lastNonSpace,
  memberValue,
  naturalNumber,
  NEWLINE_COUNT,
  NEWLINE_ENDS_LINE,
  NEWLINE_READ,
  plainStringEnd,
  sameBytes,
  scalarEnd,
  skipSpace,
  stringEnd,
  stringStart,
  valueEnd,
  type NewlineRule,
} from '../../src/bytes/jsonBytes';
import { ownKeyEnd } from '../../src/bytes/ownKeys';

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text);

// The tables write JSON text as it is in the bytes: `\\` in a string below is one backslash.
describe('the tokenizer core of the byte readers', () => {
  it.each([
    [' \t\r\nx', 0, undefined, 4],
    ['x', 0, undefined, 0],
    ['   ', 0, undefined, 3],
    [' \t x', 0, 2, 2],
    ['a \f', 1, undefined, 2],
  ])('skipSpace(%j, %i, %j) is %i: JSON white space only', (text, from, end, expected) => {
    expect(skipSpace(bytes(text), from, end)).toBe(expected);
  });

  it.each([
    ['x \n', 2, -1, 0],
    ['   ', 2, -1, -1],
    ['a  ', 2, 1, 1],
    ['a\t}', 2, -1, 2],
  ])('lastNonSpace(%j, %i, %i) is %i', (text, from, floor, expected) => {
    expect(lastNonSpace(bytes(text), from, floor)).toBe(expected);
  });

  it.each([
    ['a"', 1, 0, false],
    ['\\"', 1, 0, true],
    ['\\\\"', 2, 0, false],
    ['\\\\\\"', 3, 0, true],
    ['\\\\"', 2, 1, true],
    ['\\', 1, 0, true],
  ])('isEscaped(%j, %i, floor %i) is %s', (text, at, floor, expected) => {
    expect(isEscaped(bytes(text), at, floor)).toBe(expected);
  });

  it.each([
    ['"abc"', 4],
    ['""', 1],
    ['"a\\"b"', 5],
    ['"a\\\\"', 4],
    ['"a\\\\\\"b"', 7],
    ['"\\\\\\\\"', 5],
    ['"abc', -1],
    ['"a\\', -1],
    ['"a\\"', -1],
    ['"é"', 3],
  ])('stringEnd(%j) is %i: the quote that no backslash escapes', (text, expected) => {
    expect(stringEnd(bytes(text), 0)).toBe(expected);
    if (expected !== -1) expect(stringStart(bytes(text), expected, 0)).toBe(0);
  });

  it('reads on in a string from where a piece of it was read, not counting the backslashes before', () => {
    // The first byte was escaped by a backslash at the end of the piece before.
    expect(closingQuote(bytes('\\"x"'), 1)).toBe(1);
    expect(closingQuote(bytes('\\"x"'), 0)).toBe(3);
  });

  it.each([
    ['{"a":"b"}', 7, 0, 5],
    ['{"a":"\\"b"}', 9, 0, 5],
    ['{"a":"\\\\"}', 8, 0, 5],
    ['x\\"b"', 4, 0, -1],
    ['{"a":"b"}', 7, 6, -1],
  ])('stringStart(%j, %i, from %i) is %i, reading backwards', (text, close, start, expected) => {
    expect(stringStart(bytes(text), close, start)).toBe(expected);
  });

  it.each([
    ['"abc"', 5, 4],
    ['"a\\"b"', 6, -1],
    ['"abc"', 4, -1],
    ['"abc', 4, -1],
  ])('plainStringEnd(%j, end %i) is %i: only a string without escapes', (text, end, expected) => {
    expect(plainStringEnd(bytes(text), 0, end)).toBe(expected);
  });

  it.each([
    ['123,', 3],
    ['true}', 4],
    ['null]', 4],
    ['1e5 ', 3],
    ['tru\u0001e', 3],
    ['abc', 3],
    [',', 0],
  ])('scalarEnd(%j) is %i: a number or literal runs to a delimiter', (text, expected) => {
    expect(scalarEnd(bytes(text), 0)).toBe(expected);
  });

  it.each([
    ['12', 12],
    ['007', 7],
    ['', -1],
    ['1a', -1],
    ['-1', -1],
    ['1.5', -1],
  ])('naturalNumber(%j) is %i', (text, expected) => {
    expect(naturalNumber(bytes(text), 0, text.length)).toBe(expected);
  });

  it.each([
    ['{}', 1],
    ['[1,[2],{"a":"]"}]', 16],
    ['{"a":"\\"}"}', 10],
    ['{"a":"\\\\"}', 9],
    // Only the count of brackets matters, not their kinds: the parse finds the rest.
    ['{]', 1],
    ['{"a":[}', -1],
    ['{"a":"}', -1],
    ['{"a":1} ', 6],
  ])('containerEnd(%j) is %i', (text, expected) => {
    expect(containerEnd(bytes(text), 0)).toBe(expected);
  });

  it('ends a container only before `end`', () => {
    expect(containerEnd(bytes('{"a":1}'), 0, 6)).toBe(-1);
    expect(containerEnd(bytes('{"a":"x"}'), 0, 7)).toBe(-1);
  });

  it.each([
    ['"a",', 3],
    ['"a\\",",', 6],
    ['[1,2],', 5],
    ['12,', 2],
    ['null}', 4],
    // A number that runs to the end may go on; nothing is no value; a container must close.
    ['12', -1],
    [',', -1],
    ['{"a":1', -1],
    ['"abc', -1],
  ])('valueEnd(%j) is %i', (text, expected) => {
    expect(valueEnd(bytes(text), 0)).toBe(expected);
  });

  it.each([
    ['1,"b"', 1],
    ['"x,}",', 5],
    ['1}', 1],
    ['1 2,', 3],
    ['[1,2]', 2],
    ['123', 3],
    ['"abc', -1],
  ])('flatMemberEnd(%j) is %i: the next , or } outside strings', (text, expected) => {
    expect(flatMemberEnd(bytes(text), 0)).toBe(expected);
  });

  it.each([
    ['"a":1', 4],
    ['"a" :\n 1', 7],
    ['"a\\"":1', 6],
    ['"a" 1', -1],
    ['"a', -1],
  ])('memberValue(%j) is %i: where the value after the key and colon starts', (text, expected) => {
    expect(memberValue(bytes(text), 0)).toBe(expected);
  });

  it.each([
    ['{"a":1}', 1, 4, true],
    ['{ "x":1 , "a" : 2}', 10, 13, true],
    ['["a"]', 1, 4, false],
    ['{"x":"a"}', 5, 8, false],
  ])('isKeyAt(%j, %i, %i) is %s', (text, start, end, expected) => {
    expect(isKeyAt(bytes(text), start, end)).toBe(expected);
  });

  const KEY = bytes('"k"');
  it.each([
    ['{"k":1}', 4],
    ['{"k" : 1 }\n', 4],
    ['{"k":1,"a":{"k":2}}', 4],
    ['{"a":{"k":2},"k":1}', 16],
    ['{"a":{"k":2}}', -1],
    ['{"x":"\\"k\\":1"}', -1],
    ['{"k":1', -1],
    ['{"a":"}","k":1}', 12],
    ['{"a":]],"k":1}', 11],
    ['{"k":1,"a":[}', -1],
    ['{"a":"x\\\\","k":1}', 14],
  ])('ownKeyEnd(%j, "k") is %i: the object’s own key, read from its end', (text, expected) => {
    expect(ownKeyEnd(bytes(text), KEY)).toBe(expected);
  });

  it('compares and finds runs of bytes', () => {
    const text = bytes('{"id":"a","xid":"b"}');
    expect(hasBytesAt(text, bytes('"id"'), 1)).toBe(true);
    expect(hasBytesAt(text, bytes('"id"'), 0)).toBe(false);
    expect(hasBytesAt(text, bytes('"b"}'), 17)).toBe(false);
    expect(hasBytesAt(text, bytes('{'), -1)).toBe(false);
    expect(sameBytes(text, 2, text, 12, 2)).toBe(true);
    expect(indexOfBytes(text, bytes('id"'), 0, 0)).toBe(2);
    expect(indexOfBytes(text, bytes('id"'), 3, 1)).toBe(12);
    expect(indexOfBytes(text, bytes('"zz"'), 0, 1)).toBe(-1);
    expect(countByte(text, 0x22, 0, text.length)).toBe(8);
    expect(countByte(text, 0x22, 2, 10)).toBe(3);
  });
});

/**
 * Walks `text` in two pieces cut at `cut`, as a file's chunks come: the bracket that closes the
 * object opened at its start, or the newline that stops the walk, as an index into the whole text.
 */
function walkInPieces(text: Uint8Array, cut: number, rule: NewlineRule) {
  const walk = new BracketWalk();
  let offset = 0;
  for (const piece of [text.subarray(0, cut), text.subarray(cut)]) {
    const at = walk.walk(piece, walk.begin(piece, 0, rule), piece.length, 0, rule);
    if (at < piece.length) return { at: offset + at, broke: walk.brokeString, lines: walk.lines };
    offset += piece.length;
  }
  return { at: -1, broke: walk.brokeString, lines: walk.lines };
}

describe('BracketWalk, over pieces that end anywhere', () => {
  it.each(['{"a":"x\\"}","b":["\\\\"],"c":{"d":"]"}}', '{"a":"\\\\\\"}\\\\"}', '{"é":"ü\\u00e9"}'])(
    'finds the closing bracket of %j wherever the text is cut',
    (text) => {
      const whole = bytes(text);
      for (let cut = 0; cut <= whole.length; cut += 1) {
        expect(walkInPieces(whole, cut, NEWLINE_READ).at, `cut at ${cut}`).toBe(whole.length - 1);
      }
    },
  );

  it('stops at a newline in a line form, cutting a string that runs past it, escaped or not', () => {
    for (const text of ['{"a":"x\ny"}', '{"a":"x\\\ny"}', '{"a":"x\n"}']) {
      const whole = bytes(text);
      const newline = whole.indexOf(0x0a);
      for (let cut = 0; cut <= whole.length; cut += 1) {
        expect(walkInPieces(whole, cut, NEWLINE_ENDS_LINE), `${text} cut at ${cut}`).toEqual({
          at: newline,
          broke: true,
          lines: 0,
        });
      }
    }
    expect(walkInPieces(bytes('{"a":\n1}'), 3, NEWLINE_ENDS_LINE)).toMatchObject({
      at: 5,
      broke: false,
    });
  });

  it('counts the newlines outside strings and reads on', () => {
    const whole = bytes('{\n"a\nb":\n[1,\n2]\n}');
    for (let cut = 0; cut <= whole.length; cut += 1) {
      expect(walkInPieces(whole, cut, NEWLINE_COUNT), `cut at ${cut}`).toEqual({
        at: whole.length - 1,
        broke: false,
        lines: 4,
      });
    }
  });
});

describe('the core on hostile input', () => {
  const DEPTH = 1_000_000;
  const deep = '['.repeat(DEPTH) + ']'.repeat(DEPTH);

  it('counts a million nested brackets without recursing', () => {
    expect(containerEnd(bytes(deep), 0)).toBe(2 * DEPTH - 1);
    expect(containerEnd(bytes('['.repeat(DEPTH)), 0)).toBe(-1);
    expect(valueEnd(bytes(`${deep},`), 0)).toBe(2 * DEPTH);
    expect(ownKeyEnd(bytes(`{"k":1,"a":${deep}}`), bytes('"k"'))).toBe(4);
    expect(ownKeyEnd(bytes(`{"k":1,"a":${'['.repeat(DEPTH)}}`), bytes('"k"'))).toBe(-1);
  });

  it('passes strings of a million escapes, forwards and backwards', () => {
    const quotes = bytes(`"${'\\"'.repeat(DEPTH)}"`);
    expect(stringEnd(quotes, 0)).toBe(quotes.length - 1);
    expect(stringStart(quotes, quotes.length - 1, 0)).toBe(0);
    const backslashes = bytes(`"${'\\\\'.repeat(DEPTH)}"`);
    expect(stringEnd(backslashes, 0)).toBe(backslashes.length - 1);
    expect(stringStart(backslashes, backslashes.length - 1, 0)).toBe(0);
  });
});
