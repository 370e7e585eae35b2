/** Every refusal and failure of opened files (src/objects/files/fileMessages.ts). */
import type { Refusal } from '../../../../src/bytes/objectForm';
import {
  brokenReadMessage,
  gzipAfterHeadersMessage,
  moreOtherIdsMessage,
  moreProblemsMessage,
  mixedFormsMessage,
  notGzipMessage,
  problemMessage,
  refusalMessage,
  tooBigMessage,
  tooManyObjectsMessage,
  unpacksTooBigMessage,
} from '../../../../src/objects/files/fileMessages';
import { FILE, type MessageCase } from './messageCase';

function refusal(value: Refusal): string {
  return refusalMessage(FILE, value);
}

export const FILE_REFUSAL_CASES: Record<Refusal['kind'], MessageCase[]> = {
  empty: [
    {
      name: 'an empty file',
      expected: 'model.ndjson is empty.',
      message: refusal({ kind: 'empty' }),
      names: [FILE],
    },
  ],
  binary: [
    {
      name: 'binary data',
      expected:
        'model.ndjson holds binary data, not JSON text: the byte at line 2, column 5 (byte 7) is a control character.',
      message: refusal({ kind: 'binary', at: { line: 2, column: 5, byte: 7 } }),
      names: [FILE, 'line 2, column 5 (byte 7)'],
    },
  ],
  'utf-16': [
    {
      name: 'UTF-16 text',
      expected:
        "model.ndjson is UTF-16 text (as Windows PowerShell's `>` saves it), not the UTF-8 a Speckle server sends, and PowerShell may have changed its characters on the way: save the answer as it came, with `curl.exe -o model.ndjson …`, and open that.",
      message: refusal({ kind: 'utf-16' }),
      names: [FILE],
    },
  ],
  'not-an-object': [
    {
      name: 'a JSON number',
      expected:
        'model.ndjson holds a number at line 3, column 1 (byte 2), not a JSON object or an array of objects.',
      message: refusal({
        kind: 'not-an-object',
        value: 'a number',
        at: { line: 3, column: 1, byte: 2 },
      }),
      names: [FILE, 'line 3, column 1 (byte 2)'],
    },
  ],
  'not-json': [
    {
      name: 'not JSON',
      expected: 'model.ndjson is not JSON: it begins with “<html>” at line 3, column 1 (byte 2).',
      message: refusal({
        kind: 'not-json',
        preview: '<html>',
        at: { line: 3, column: 1, byte: 2 },
      }),
      names: [FILE, '<html>'],
    },
  ],
  'http-status': [
    {
      name: 'a failed HTTP response',
      expected:
        'model.ndjson holds an HTTP response saved with its headers (as `curl -i` saves it) whose status is “HTTP/1.1 404 Not Found”: no objects came with it, and nothing was read.',
      message: refusal({ kind: 'http-status', status: 'HTTP/1.1 404 Not Found' }),
      names: [FILE, '404'],
    },
  ],
  'http-body': [
    {
      name: 'a body that is not objects',
      expected:
        'model.ndjson holds an HTTP response (“HTTP/1.1 200 OK”) saved with its headers, whose body is not JSON objects: it begins with “<html>” at line 9, column 1 (byte 120).',
      message: refusal({
        kind: 'http-body',
        status: 'HTTP/1.1 200 OK',
        at: { line: 9, column: 1, byte: 120 },
        preview: '<html>',
      }),
      names: [FILE, 'line 9, column 1 (byte 120)'],
    },
    {
      name: 'no body',
      expected:
        'model.ndjson holds the headers of an HTTP response (“HTTP/1.1 200 OK”) and no body after them.',
      message: refusal({
        kind: 'http-body',
        status: 'HTTP/1.1 200 OK',
        at: { line: 9, column: 1, byte: 120 },
        preview: '',
      }),
      names: [FILE, '200'],
    },
  ],
};

const PROBLEM = { line: 3, column: 7, byte: 120, reason: 'is not a JSON object' };

const HEADERS = {
  status: 'HTTP/1.1 200 OK',
  at: { line: 1, column: 1, byte: 0 },
  bodyAt: 210,
  bodyLine: 9,
};

export const FILE_CASES: MessageCase[] = [
  {
    name: 'a problem at a place',
    expected: 'In model.ndjson, the text at line 3, column 7 (byte 120) is not a JSON object.',
    message: problemMessage(FILE, PROBLEM),
    names: [FILE, 'line 3, column 7 (byte 120)'],
  },
  {
    name: 'headers before a gzip body',
    expected:
      "In model.ndjson, the text at line 1, column 1 (byte 0) is the headers of an HTTP response (“HTTP/1.1 200 OK”), as `curl -i` saves them, before a gzip-compressed body (the server sent it compressed; `curl -i --compressed` saves it unpacked): the headers were read over and the body from byte 210 unpacked, so the lines and bytes said of this file are the unpacked body's.",
    message: gzipAfterHeadersMessage(FILE, HEADERS),
    names: [FILE, 'line 1, column 1 (byte 0)', 'byte 210', 'HTTP/1.1 200 OK'],
  },
  {
    name: 'a .gz that is not gzip',
    expected:
      "a.json.gz is named .gz but is not gzip-compressed (byte 0 is not gzip's); it was read as it is.",
    message: notGzipMessage('a.json.gz'),
    names: ['a.json.gz', 'byte 0'],
  },
  {
    name: 'a gzip body cut short',
    expected:
      'The gzip data of a.json.gz is cut short or damaged after byte 4096 (unexpected end of data); the objects before are kept.',
    message: brokenReadMessage('a.json.gz', true, 4096, 'unexpected end of data'),
    names: ['a.json.gz', 'byte 4096'],
  },
  {
    name: 'a file that could not be read',
    expected:
      'model.ndjson could not be read to the end: it stopped after byte 4096 (the file changed); the objects before are kept.',
    message: brokenReadMessage(FILE, false, 4096, 'the file changed'),
    names: [FILE, 'byte 4096'],
  },
  {
    name: 'files of different forms',
    expected:
      'The files are in different forms — a.txt: server line form (id, tab, JSON); b.json: JSON array. Each was read in its own form and their objects put together.',
    message:
      mixedFormsMessage([
        { name: 'a.txt', form: 'id-lines' },
        { name: 'b.json', form: 'json-array' },
      ]) ?? 'no message',
    names: ['a.txt', 'b.json'],
  },
  {
    name: 'a file too big',
    expected: 'model.ndjson is 9.0 GB: more than one tab can hold (8.0 GB); it was not read.',
    message: tooBigMessage(FILE, 9e9, 0, 8e9),
    names: [FILE],
  },
  {
    name: 'a file too big with others',
    expected:
      'model.ndjson is 5.0 GB, which with the 4.0 GB of the files before it is more than one tab can hold (8.0 GB); it was not read.',
    message: tooBigMessage(FILE, 5e9, 4e9, 8e9),
    names: [FILE],
  },
  {
    name: 'a gzip that unpacks too big',
    expected:
      'a.json.gz unpacks to more than one tab can hold (2.0 GB), as its decompression showed at byte 2000000001; the objects before are kept.',
    message: unpacksTooBigMessage('a.json.gz', 2_000_000_001),
    names: ['a.json.gz'],
  },
  {
    name: 'too many objects',
    expected:
      'The files hold more objects than one tab can list (2,000,000): the reading stopped at byte 123456 of model.ndjson; the objects before are kept.',
    message: tooManyObjectsMessage(FILE, 123456, 2_000_000),
    names: [FILE, 'byte 123456'],
  },
  {
    name: 'one more problem',
    expected:
      'In model.ndjson, 1 more problem from line 3, column 7 (byte 120) on is not listed one by one.',
    message: moreProblemsMessage(FILE, 1, PROBLEM),
    names: [FILE, 'line 3'],
  },
  {
    name: 'more problems',
    expected:
      'In model.ndjson, 12 more problems from line 3, column 7 (byte 120) on are not listed one by one.',
    message: moreProblemsMessage(FILE, 12, PROBLEM),
    names: [FILE, 'line 3'],
  },
  {
    name: 'one more line under another id',
    expected:
      'In model.ndjson, 1 more line from line 3, column 7 (byte 120) on is listed under an id before the tab that is not the "id" in its JSON.',
    message: moreOtherIdsMessage(FILE, 1, PROBLEM),
    names: [FILE, 'line 3'],
  },
  {
    name: 'more lines under other ids',
    expected:
      'In model.ndjson, 4 more lines from line 3, column 7 (byte 120) on are listed under an id before the tab that is not the "id" in their JSON.',
    message: moreOtherIdsMessage(FILE, 4, PROBLEM),
    names: [FILE, 'line 3'],
  },
];
