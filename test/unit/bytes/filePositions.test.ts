/**
 * Every kind of problem in an opened file, after whatever may come before its text (blank lines,
 * spaces, a byte order mark, the headers `curl -i` saves), is reported at its true line, column and
 * byte, however the file is cut into chunks.
 */
import { describe, expect, it } from 'vitest';
import { ObjectCutter } from '../../../src/bytes/objectCutter';
import type { TextPosition } from '../../../src/bytes/textPosition';
import { refusalMessage } from '../../../src/objects/files/fileMessages';
import { cutAtEveryByte, cutText } from '../support/fileObjects';

const encoder = new TextEncoder();

interface Prefix {
  name: string;
  text: string;
}

const PREFIXES: Prefix[] = [
  { name: 'nothing', text: '' },
  { name: 'blank lines', text: '\n\r\n' },
  { name: 'spaces', text: ' \t ' },
  { name: 'a byte order mark', text: '\uFEFF' },
  { name: 'a byte order mark and blank lines', text: '\uFEFF\r\n\n  ' },
];

const HEADERS = 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n';
const WITH_HEADERS: Prefix[] = [
  { name: 'curl -i headers', text: HEADERS },
  { name: 'blank lines, then curl -i headers', text: `\n\n${HEADERS}` },
  { name: 'a byte order mark, then curl -i headers', text: `\uFEFF${HEADERS}` },
];

/** Where `at`, a position in `body`, is once `prefix` comes before the body. */
function shifted(prefix: string, at: TextPosition): TextPosition {
  const bytes = encoder.encode(prefix);
  const lines = prefix.split('\n');
  // An editor shows no byte order mark: it takes no column.
  const lastLine = lines.at(-1)!.replace('\uFEFF', '');
  return {
    line: at.line + lines.length - 1,
    column: at.line === 1 ? at.column + encoder.encode(lastLine).length : at.column,
    byte: at.byte + bytes.length,
  };
}

const at = (line: number, column: number, byte: number): TextPosition => ({ line, column, byte });

const PROBLEMS: [string, string, TextPosition, string][] = [
  ['a JSON line that is not an object', '{"id":"a"}\n[1]\n', at(2, 1, 11), 'is not a JSON object'],
  [
    'a JSON line cut short',
    '{"id":"a"}\n  {"id":"b","x":[1,\n{"id":"c"}\n',
    at(2, 3, 13),
    'is cut short: its object does not end on its line',
  ],
  [
    'a JSON line ending inside a string',
    '{"id":"a"}\n{"id":"b","x":"ab}\n{"id":"c"}\n',
    at(2, 1, 11),
    'is cut short: a string in it does not end on its line',
  ],
  [
    'an object without an id',
    '{"id":"a"}\n{"x":1}\n',
    at(2, 1, 11),
    'is an object without an "id"',
  ],
  [
    'a laid-out object without an id',
    '{\n "id": "a"\n}\n{\n "x": 1\n}\n',
    at(4, 1, 15),
    'is an object without an "id"',
  ],
  [
    'a line of the server form without a tab',
    'a\t{"id":"a"}\n b {}\n',
    at(2, 2, 14),
    'is not an object line (id, tab, JSON): it has no tab',
  ],
  [
    'a line of the server form without an object',
    'a\t{"id":"a"}\nc\t[]\n',
    at(2, 1, 13),
    'does not hold a JSON object after its tab',
  ],
  [
    'a line of the server form under another id',
    'a\t{"id":"a"}\nb\t{"id":"c"}\n',
    at(2, 1, 13),
    'is listed as “b”, the id before its tab, but the "id" in its JSON is “c”',
  ],
  [
    'a last line of the server form cut short',
    'a\t{"id":"a"}\nb\t{"id":"b",',
    at(2, 1, 13),
    'is cut short: the file ends inside it',
  ],
  [
    'an array element that is not an object',
    '[{"id":"a"}, 3]',
    at(1, 14, 13),
    'is element 2 of the array, which is not an object',
  ],
  [
    "a comma after an array's last element",
    '[{"id":"a"},\n]',
    at(1, 12, 11),
    "is a comma after the array's last element",
  ],
  [
    'a comma where an element should be',
    '[,{"id":"a"}]',
    at(1, 2, 1),
    'is a comma where an element of the array should be',
  ],
  [
    'a missing comma',
    '[{"id":"a"}\n {"id":"b"}]',
    at(2, 2, 13),
    'is element 2 of the array, with no comma before it',
  ],
  ['text after the array', '[{"id":"a"}]\n  x', at(2, 3, 15), 'is text after the end of the array'],
  [
    'an array not closed',
    '[{"id":"a"},\n',
    at(2, 1, 13),
    'is the end of the file, but the array is not closed',
  ],
  [
    'an array cut inside an element',
    '[\n {"id":"a"},\n {"id":',
    at(3, 2, 16),
    'is cut short: the file ends inside it',
  ],
];

describe('the position of each problem in a file', () => {
  describe.each([...PREFIXES, ...WITH_HEADERS])('after $name', ({ text: prefix }) => {
    it.each(PROBLEMS)('%s', (_kind, body, bodyAt, reason) => {
      const bytes = encoder.encode(prefix + body);
      for (const read of cutAtEveryByte(bytes, () => new ObjectCutter(0, true))) {
        const found = read.problems.filter(
          (problem) => !problem.reason.startsWith('is the headers'),
        );
        expect(found).toEqual([expect.objectContaining({ ...shifted(prefix, bodyAt), reason })]);
      }
    });
  });

  it.each(WITH_HEADERS)('says the headers at their first line, after $name', ({ text }) => {
    const headersAt = text.indexOf('HTTP/');
    const { problems } = cutText(`${text}{"id":"a"}\n`);
    expect(problems).toEqual([
      expect.objectContaining(shifted(text.slice(0, headersAt), at(1, 1, 0))),
    ]);
    expect(problems[0]!.reason).toContain(`the objects start at line ${text.split('\n').length}`);
  });
});

const REFUSALS: [string, string, TextPosition, (position: string) => string][] = [
  [
    'text that is not JSON',
    'hello, world',
    at(1, 1, 0),
    (position) => `notes.txt is not JSON: it begins with “hello, world” at ${position}.`,
  ],
  [
    'a JSON value that is not an object',
    '42',
    at(1, 1, 0),
    (position) =>
      `notes.txt holds a number at ${position}, not a JSON object or an array of objects.`,
  ],
  [
    'binary data',
    '{"id":\n"a\u0001"}',
    at(2, 3, 9),
    (position) =>
      `notes.txt holds binary data, not JSON text: the byte at ${position} is a control character.`,
  ],
];

describe('the position of what refuses a file', () => {
  describe.each(PREFIXES)('after $name', ({ text: prefix }) => {
    it.each(REFUSALS)('%s', (_kind, body, bodyAt, message) => {
      const { line, column, byte } = shifted(prefix, bodyAt);
      // Told from the file's first chunk, which holds megabytes.
      const { refused } = cutText(prefix + body);
      expect(refusalMessage('notes.txt', refused!)).toBe(
        message(`line ${line}, column ${column} (byte ${byte})`),
      );
    });
  });

  it.each(WITH_HEADERS)(
    'says where the body that is not objects starts, after $name',
    ({ text }) => {
      const { line, column, byte } = shifted(`${text}\n `, at(1, 1, 0));
      const { refused } = cutText(`${text}\n <html>`);
      expect(refusalMessage('page.txt', refused!)).toBe(
        'page.txt holds an HTTP response (“HTTP/1.1 200 OK”) saved with its headers, whose body is ' +
          `not JSON objects: it begins with “<html>” at line ${line}, column ${column} (byte ${byte}).`,
      );
    },
  );
});
