/**
 * Tells from a file's first bytes how it holds Speckle objects, whatever its name says: people
 * attach `curl` output saved as `.txt`, exports renamed by a mail client, dumps with no extension.
 * Only the first bytes are read, so a file of hundreds of MB is recognised before it is read.
 */
import {
  countByte,
  hasBytesAt,
  indexOrEnd,
  isJsonSpace,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  skipSpace,
} from './jsonBytes';
import { byteOrderMarkLength, positionAt, type TextPosition } from './textPosition';
import { clippedText } from './utf8Text';

/**
 * - `id-lines`: the server's line form, `<id>\t<json>` per line (the with-children answer to
 *   `Accept: text/plain`, and the explorer's JSON lines export);
 * - `json-lines`: one JSON object per line (NDJSON);
 * - `json-array`: a JSON array of objects (the with-children answer to any other `Accept`);
 * - `json-objects`: one JSON object laid out over several lines (the `/single` answer saved by a
 *   tool that pretty-prints), or several one after the other.
 */
export type ObjectForm = 'id-lines' | 'json-lines' | 'json-array' | 'json-objects';

export type Refusal =
  | { kind: 'empty' }
  /** `at`: the first control character no text holds. */
  | { kind: 'binary'; at: TextPosition }
  /** Text in UTF-16, told by its byte order mark: what Windows PowerShell's `>` writes. */
  | { kind: 'utf-16' }
  | { kind: 'not-an-object'; value: string; at: TextPosition }
  | { kind: 'not-json'; preview: string; at: TextPosition }
  /** An HTTP response saved with its headers, whose status is not a success. */
  | { kind: 'http-status'; status: string }
  /** An HTTP response saved with its headers, with no objects after them: no body when `preview` is empty. */
  | { kind: 'http-body'; status: string; at: TextPosition; preview: string };

/**
 * Headers of an HTTP response before the objects, as `curl -i` saves them: read over. `status` is
 * the last status line (a redirect or a `100 Continue` adds a block of headers before the last).
 */
export interface HttpHeaders {
  status: string;
  /** Where the headers start: past blank lines and a byte order mark, if any. */
  at: TextPosition;
  /** The byte and the line (from 1) just past the blank line that ends them. */
  bodyAt: number;
  bodyLine: number;
}

type Sniffed = { form: ObjectForm; headers?: HttpHeaders } | { refused: Refusal };

/** What is said of headers read over, as a problem at the file's first line is. */
export function headersReadOver({ status, bodyLine }: HttpHeaders): string {
  return (
    `is the headers of an HTTP response (“${status}”), as \`curl -i\` saves them: read over, ` +
    `the objects start at line ${bodyLine}`
  );
}

const GZIP_MAGIC = [0x1f, 0x8b] as const;
/** UTF-16's byte order marks, little- and big-endian. */
const UTF_16_MARKS = [
  [0xff, 0xfe],
  [0xfe, 0xff],
] as const;
const TAB = 0x09;
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
/** Text files have no control characters but tabs and line ends; binary files have many early. */
const BINARY_WINDOW = 4096;
/** Ids are 32 characters: a tab later than this on the first line is not after an id. */
const ID_WINDOW = 256;
const PREVIEW_LENGTH = 24;
const encoder = new TextEncoder();
const HTTP_VERSION = encoder.encode('HTTP/');
const LITERALS = ['true', 'false', 'null'].map((word) => ({ word, bytes: encoder.encode(word) }));
/** Headers are a few hundred bytes: a first line starting `HTTP/` with no end to them by here is not. */
const HEADERS_WINDOW = 64 * 1024;

const decoder = new TextDecoder();

export function isGzip(head: Uint8Array): boolean {
  return GZIP_MAGIC.every((byte, index) => head[index] === byte);
}

/** How many of a file's first bytes headersBeforeGzip needs: the headers and gzip's first two. */
export const HEAD_BEFORE_GZIP = HEADERS_WINDOW + GZIP_MAGIC.length;

/**
 * The headers of a successful HTTP response that `head`, a file's first bytes, starts with, when
 * a gzip body follows them: the server sent its answer compressed (`Content-Encoding: gzip`) and
 * `curl -i` without `--compressed` saved it as it came. Null for any other file.
 */
export function headersBeforeGzip(head: Uint8Array): HttpHeaders | null {
  const headers = httpHeaders(head, skipSpace(head, byteOrderMarkLength(head)), false);
  if (!headers?.ok || !isGzip(head.subarray(headers.bodyAt))) return null;
  const { status, at, bodyAt, bodyLine } = headers;
  return { status, at, bodyAt, bodyLine };
}

/**
 * The form of the file whose first bytes are `head`; null when more bytes are needed to tell
 * (`final`: `head` is the whole file).
 */
export function sniffForm(head: Uint8Array, final: boolean): Sniffed | null {
  if (!final && head.length < 2) return null;
  if (UTF_16_MARKS.some(([first, second]) => head[0] === first && head[1] === second)) {
    return { refused: { kind: 'utf-16' } };
  }
  const first = skipSpace(head, byteOrderMarkLength(head));
  const headers = httpHeaders(head, first, final);
  // A refused status is said whatever its body is: a compressed error page is not binary data.
  if (headers && !headers.ok) return { refused: { kind: 'http-status', status: headers.status } };
  const binaryAt = firstBinaryByte(head);
  if (binaryAt !== -1) return { refused: { kind: 'binary', at: positionAt(head, binaryAt) } };
  if (headers === null) return null;
  if (!headers) return formAt(head, first, final);
  const { status, at, bodyAt, bodyLine } = headers;
  const body = skipSpace(head, bodyAt);
  const sniffed = formAt(head, body, final);
  if (!sniffed) return null;
  if ('refused' in sniffed) {
    const preview = body < head.length ? previewAt(head, body) : '';
    return { refused: { kind: 'http-body', status, at: positionAt(head, body), preview } };
  }
  return { form: sniffed.form, headers: { status, at, bodyAt, bodyLine } };
}

/** The form of the objects from `first`, the first byte that is not a space. */
function formAt(head: Uint8Array, first: number, final: boolean): Sniffed | null {
  if (first === head.length) return final ? { refused: { kind: 'empty' } } : null;
  const code = head[first];
  if (code === OPEN_BRACKET) return { form: 'json-array' };
  if (code === OPEN_BRACE) return { form: 'json-lines' };
  const idLine = startsWithIdLine(head, first, final);
  if (idLine !== false) return idLine === null ? null : { form: 'id-lines' };
  const value = scalarKind(head, first);
  const at = positionAt(head, first);
  if (value) return { refused: { kind: 'not-an-object', value, at } };
  return { refused: { kind: 'not-json', preview: previewAt(head, first), at } };
}

/**
 * The HTTP response whose headers start at `at`, block after block; undefined when there are none
 * there, null when more bytes are needed to tell where they end.
 */
function httpHeaders(
  head: Uint8Array,
  at: number,
  final: boolean,
): (HttpHeaders & { ok: boolean }) | null | undefined {
  let status = '';
  let bodyAt = at;
  const start = positionAt(head, at);
  let bodyLine = start.line;
  for (;;) {
    const available = Math.min(HTTP_VERSION.length, head.length - bodyAt);
    if (
      !HTTP_VERSION.subarray(0, available).every((byte, index) => head[bodyAt + index] === byte)
    ) {
      break;
    }
    if (available < HTTP_VERSION.length) {
      if (!final) return null;
      break;
    }
    const end = headersEnd(head, bodyAt);
    if (end === -1) {
      return !final && head.length - bodyAt < HEADERS_WINDOW ? null : undefined;
    }
    status = decoder.decode(head.subarray(bodyAt, head.indexOf(NEWLINE, bodyAt))).trim();
    bodyLine += countByte(head, NEWLINE, bodyAt, end);
    bodyAt = end;
  }
  if (!status) return undefined;
  const code = Number(/^HTTP\/\S+ (\d{3})/.exec(status)?.[1]);
  return { status, ok: code >= 200 && code < 300, at: start, bodyAt, bodyLine };
}

/** Just past the blank line that ends the headers starting at `at`; -1 when none is in `head`. */
function headersEnd(head: Uint8Array, at: number): number {
  for (
    let newline = head.indexOf(NEWLINE, at);
    newline !== -1 && newline - at < HEADERS_WINDOW;
    newline = head.indexOf(NEWLINE, newline + 1)
  ) {
    if (head[newline + 1] === NEWLINE) return newline + 2;
    if (head[newline + 1] === CARRIAGE_RETURN && head[newline + 2] === NEWLINE) return newline + 3;
  }
  return -1;
}

/**
 * The index of the first control character that no text file holds (bytes that are not UTF-8 are
 * found object by object: one bad character spoils one object, not the file); -1 when there is
 * none among the first bytes.
 */
function firstBinaryByte(head: Uint8Array): number {
  const end = Math.min(head.length, BINARY_WINDOW);
  for (let at = 0; at < end; at += 1) {
    const code = head[at]!;
    if (code < 0x20 && code !== TAB && code !== NEWLINE && code !== CARRIAGE_RETURN) return at;
  }
  return -1;
}

/**
 * Whether the first line is `<id>\t{`: true, false, or null when the bytes end before it tells.
 */
function startsWithIdLine(head: Uint8Array, first: number, final: boolean): boolean | null {
  const end = Math.min(head.length, first + ID_WINDOW);
  for (let at = first; at < end; at += 1) {
    const code = head[at]!;
    if (code === TAB) {
      if (at + 1 === head.length) return final ? false : null;
      return at > first && head[at + 1] === OPEN_BRACE;
    }
    if (isJsonSpace(code) || code === QUOTE || code === OPEN_BRACE || code === OPEN_BRACKET) {
      return false;
    }
  }
  return end === head.length && !final && end < first + ID_WINDOW ? null : false;
}

/** What JSON value other than an object or array starts at `at`, or null. */
function scalarKind(head: Uint8Array, at: number): string | null {
  const code = head[at]!;
  if (code === QUOTE) return 'a string';
  if (code === 0x2d || (code >= 0x30 && code <= 0x39)) return 'a number';
  for (const { word, bytes } of LITERALS) {
    const after = head[at + bytes.length];
    if (hasBytesAt(head, bytes, at) && (after === undefined || isJsonSpace(after))) return word;
  }
  return null;
}

/** The start of the line at `at`, as a message quotes it. */
function previewAt(bytes: Uint8Array, at: number): string {
  return clippedText(bytes, at, indexOrEnd(bytes, NEWLINE, at), PREVIEW_LENGTH);
}
