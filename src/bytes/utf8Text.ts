/**
 * Text read straight from UTF-8 bytes. The with-children body is kept and indexed as bytes, and
 * decoding a whole object only to read its id or type would cost as much as the rest of the
 * indexing together: short ASCII spans (ids, type names) are built from their bytes, and only text
 * with other characters goes through a TextDecoder.
 */
import { asciiRunScanner } from './asciiRuns';

// Not fatal: callers read bytes that were checked to be UTF-8 when they arrived.
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const SHORT_SPAN = 256;

/** The text of `bytes[start, end)`. */
export function decodeSpan(bytes: Uint8Array, start: number, end: number): string {
  if (end - start <= SHORT_SPAN) {
    let ascii = true;
    for (let at = start; at < end; at += 1) {
      if (bytes[at]! >= 0x80) {
        ascii = false;
        break;
      }
    }
    if (ascii) return String.fromCharCode.apply(null, bytes.subarray(start, end) as never);
  }
  return decoder.decode(bytes.subarray(start, end));
}

/**
 * The text of `bytes[from, to)` as a message quotes it: whole, or its first `length` characters
 * and "…". Only the bytes that can hold them are decoded: a quoted line may be megabytes.
 */
export function clippedText(bytes: Uint8Array, from: number, to: number, length: number): string {
  // At most three bytes a UTF-16 code unit: these bytes hold more than `length` of them, if the
  // text goes on past them.
  const text = decodeSpan(bytes, from, Math.min(to, from + 3 * (length + 1)));
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/**
 * Whether the bytes are valid UTF-8, as a fatal TextDecoder would judge them, without building the
 * text (see scanUtf8).
 */
export function isUtf8(bytes: Uint8Array): boolean {
  return scanUtf8(bytes, 0, bytes.length, null);
}

/**
 * Finds the newline bytes of `bytes[from, to)`, adding their indexes to `newlines`, and checks that
 * those bytes are UTF-8, in one pass: a body is split into lines and checked as it arrives, and two
 * passes (a byte search for each line's end, then the check) read every byte twice. False at the first byte that is not UTF-8 (the newlines after it are not looked for).
 */
export function findNewlinesInUtf8(
  bytes: Uint8Array,
  from: number,
  to: number,
  newlines: number[],
): boolean {
  return scanUtf8(bytes, from, to, newlines);
}

const NEWLINE = 0x0a;

/**
 * The newlines of `bytes[from, to)`, added to `newlines`: found with the UTF-8 check
 * (findNewlinesInUtf8), or, when a byte is not UTF-8, by a plain search, so that each line can be
 * checked on its own and the good ones before the bad one kept. True when every byte was UTF-8.
 */
export function findLineEnds(
  bytes: Uint8Array,
  from: number,
  to: number,
  newlines: number[],
): boolean {
  if (findNewlinesInUtf8(bytes, from, to, newlines)) return true;
  newlines.length = 0;
  for (
    let end = bytes.indexOf(NEWLINE, from);
    end !== -1 && end < to;
    end = bytes.indexOf(NEWLINE, end + 1)
  ) {
    newlines.push(end);
  }
  return false;
}

/**
 * Checks `bytes[from, to)` as UTF-8, noting each newline's index in `newlines` when given. Real
 * bodies are nearly all ASCII (a unit such as `m²` here and there): the runs of ASCII are passed
 * over at once (asciiRuns.ts), and only the rare multi-byte sequences are checked one by one.
 */
function scanUtf8(bytes: Uint8Array, from: number, to: number, newlines: number[] | null): boolean {
  const nextRunEnd = asciiRunScanner()(bytes, from, to);
  for (let at = nextRunEnd(from); at < to; at = nextRunEnd(at)) {
    if (bytes[at] === NEWLINE) {
      newlines?.push(at);
      at += 1;
      continue;
    }
    const length = sequenceLength(bytes, at);
    if (length === 0 || at + length > to) return false;
    at += length;
  }
  return true;
}

/** The length of the well-formed multi-byte sequence at `at` (RFC 3629, table 3-7), or 0. */
function sequenceLength(bytes: Uint8Array, at: number): number {
  const lead = bytes[at]!;
  const continuation = (offset: number, low = 0x80, high = 0xbf) => {
    const byte = bytes[at + offset];
    return byte !== undefined && byte >= low && byte <= high;
  };
  if (lead >= 0xc2 && lead <= 0xdf) return continuation(1) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    const low = lead === 0xe0 ? 0xa0 : 0x80;
    const high = lead === 0xed ? 0x9f : 0xbf;
    return continuation(1, low, high) && continuation(2) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    const low = lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xf4 ? 0x8f : 0xbf;
    return continuation(1, low, high) && continuation(2) && continuation(3) ? 4 : 0;
  }
  return 0;
}

const NON_ASCII = /[\u0080-\uffff]/;

/** UTF-8 length without encoding: most Speckle JSON is pure ASCII, which the regex rules out fast. */
export function utf8ByteLength(text: string): number {
  if (!NON_ASCII.test(text)) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair is one four-byte character.
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}
