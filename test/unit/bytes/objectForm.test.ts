import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { headersBeforeGzip, isGzip, sniffForm } from '../../../src/bytes/objectForm';

const bytes = (text: string) => new TextEncoder().encode(text);
const START = { line: 1, column: 1, byte: 0 };

describe('sniffForm', () => {
  it.each([
    ['[{"id":"a"}]', 'json-array'],
    ['\uFEFF\n  [', 'json-array'],
    ['{"id":"a"}\n', 'json-lines'],
    ['163cb6006e08de9d7041a7e71da9ad44\t{"id":', 'id-lines'],
  ])('tells %j from its first bytes', (text, form) => {
    expect(sniffForm(bytes(text), false)).toEqual({ form });
  });

  it('waits for more bytes while a first line might still be an id line', () => {
    expect(sniffForm(bytes('163cb6006e08'), false)).toBeNull();
    expect(sniffForm(bytes('  '), false)).toBeNull();
    expect(sniffForm(bytes('163cb6006e08'), true)).toEqual({
      refused: { kind: 'not-an-object', value: 'a number', at: START },
    });
    expect(sniffForm(bytes('abc\tdef'), false)).toEqual({
      refused: { kind: 'not-json', preview: 'abc\tdef', at: START },
    });
  });

  it('does not take a word that starts like a literal for one', () => {
    expect(sniffForm(bytes('nullable: yes'), true)).toEqual({
      refused: { kind: 'not-json', preview: 'nullable: yes', at: START },
    });
    expect(sniffForm(bytes('true'), true)).toEqual({
      refused: { kind: 'not-an-object', value: 'true', at: START },
    });
  });
});

describe('sniffForm on an HTTP response saved with its headers (curl -i)', () => {
  it('reads over the headers, each block of them, and tells the form of the body', () => {
    expect(
      sniffForm(
        bytes('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nabc\t{"id":"abc"}'),
        false,
      ),
    ).toEqual({
      form: 'id-lines',
      headers: { status: 'HTTP/1.1 200 OK', at: START, bodyAt: 45, bodyLine: 4 },
    });
    expect(
      sniffForm(
        bytes('HTTP/1.1 302 Found\r\nLocation: /x\r\n\r\nHTTP/2 200\n\n[{"id":"a"}]'),
        false,
      ),
    ).toEqual({
      form: 'json-array',
      headers: { status: 'HTTP/2 200', at: START, bodyAt: 48, bodyLine: 6 },
    });
  });

  it('waits for the end of the headers, and for the body', () => {
    expect(sniffForm(bytes('HTTP/1.1 200 OK\r\nContent-Ty'), false)).toBeNull();
    expect(sniffForm(bytes('HTTP/1.1 200 OK\r\n\r\n'), false)).toBeNull();
    expect(sniffForm(bytes('HTT'), false)).toBeNull();
  });

  it('refuses a response that is not a success, one with no body, and one whose body is not objects', () => {
    expect(sniffForm(bytes('HTTP/1.1 403 Forbidden\r\n\r\n{"error":"no"}'), false)).toEqual({
      refused: { kind: 'http-status', status: 'HTTP/1.1 403 Forbidden' },
    });
    expect(sniffForm(bytes('HTTP/1.1 200 OK\r\n\r\n'), true)).toEqual({
      refused: {
        kind: 'http-body',
        status: 'HTTP/1.1 200 OK',
        at: { line: 3, column: 1, byte: 19 },
        preview: '',
      },
    });
    expect(sniffForm(bytes('HTTP/1.1 200 OK\n\n<!DOCTYPE html>'), true)).toEqual({
      refused: {
        kind: 'http-body',
        status: 'HTTP/1.1 200 OK',
        at: { line: 3, column: 1, byte: 17 },
        preview: '<!DOCTYPE html>',
      },
    });
  });

  it('takes a first line that only starts like a status line, with no end to its headers, as text', () => {
    expect(sniffForm(bytes('HTTP/ is a protocol'), true)).toEqual({
      refused: { kind: 'not-json', preview: 'HTTP/ is a protocol', at: START },
    });
  });
});

describe('sniffForm on UTF-16 text', () => {
  it('refuses it by its byte order mark, either way round, rather than calling it binary', () => {
    const text = 'HTTP/1.1 200 OK\r\n\r\n[{"id":"a"}]';
    const littleEndian = Uint8Array.from([
      0xff,
      0xfe,
      ...[...text].flatMap((c) => [c.charCodeAt(0), 0]),
    ]);
    const bigEndian = Uint8Array.from([
      0xfe,
      0xff,
      ...[...text].flatMap((c) => [0, c.charCodeAt(0)]),
    ]);
    expect(sniffForm(littleEndian, false)).toEqual({ refused: { kind: 'utf-16' } });
    expect(sniffForm(bigEndian, true)).toEqual({ refused: { kind: 'utf-16' } });
    expect(sniffForm(Uint8Array.from([0xff]), false)).toBeNull();
  });
});

describe('isGzip', () => {
  it('knows gzip by its magic bytes, not by a name', () => {
    expect(isGzip(Uint8Array.from([0x1f, 0x8b, 0x08]))).toBe(true);
    expect(isGzip(bytes('{"id"'))).toBe(false);
    expect(isGzip(Uint8Array.from([0x1f]))).toBe(false);
  });
});

describe('headersBeforeGzip', () => {
  const headers = '\r\nHTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\nContent-Encoding: gzip\n\n';
  const file = new Uint8Array([...bytes(headers), ...gzipSync('{"id":"a"}\n')]);
  const found = {
    status: 'HTTP/1.1 200 OK',
    at: { line: 2, column: 1, byte: 2 },
    bodyAt: headers.length,
    bodyLine: 7,
  };

  it('finds the headers of a compressed body once the first bytes hold them and gzip’s two', () => {
    for (let length = 0; length <= file.length; length += 1) {
      const head = file.subarray(0, length);
      expect(headersBeforeGzip(head)).toEqual(length < headers.length + 2 ? null : found);
    }
  });

  it('finds none before a body that is not gzip, after a refused status, or in a plain file', () => {
    expect(headersBeforeGzip(bytes('HTTP/1.1 200 OK\r\n\r\n{"id":"a"}'))).toBeNull();
    expect(
      headersBeforeGzip(new Uint8Array([...bytes('HTTP/1.1 404 Not Found\n\n'), 0x1f, 0x8b, 8])),
    ).toBeNull();
    expect(headersBeforeGzip(gzipSync('{}'))).toBeNull();
  });

  it('leaves a refused status with a compressed body refused for its status, not as binary', () => {
    const refused = new Uint8Array([...bytes('HTTP/1.1 404 Not Found\n\n'), ...gzipSync('{}')]);
    expect(sniffForm(refused, true)).toEqual({
      refused: { kind: 'http-status', status: 'HTTP/1.1 404 Not Found' },
    });
  });
});
