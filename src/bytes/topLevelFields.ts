/**
 * Reads an object's own fields from its JSON text, as UTF-8 bytes, without parsing or even decoding
 * it: indexing 100,000 objects by type must not cost a full `JSON.parse` of hundreds of MB, nor a
 * decode of every object's text, nor must counting or reading a root's `__closure` of 100,000 ids
 * cost a parse of it.
 *
 * Nested objects carry a `speckle_type` and a `__closure` too, so the right occurrence is the one
 * at the top level. The text is read backwards from its final `}`, skipping strings and counting
 * brackets, until a key at the top level is the one asked for: the server writes keys shortest
 * first, so `speckle_type` sits near the end, after the big arrays and nested objects with shorter
 * keys, and only the short tail after it is read (one pass over ~150 bytes for most objects).
 */
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  countByte,
  hasBytesAt,
  isJsonSpace,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  skipSpace,
  stringEnd,
} from './jsonBytes';
import { decodeSpan } from './utf8Text';

const ZERO = 0x30;
const NINE = 0x39;

const encoder = new TextEncoder();
const SPECKLE_TYPE_KEY = encoder.encode('"speckle_type"');
const CLOSURE_KEY = encoder.encode('"__closure"');
const ID_KEY = encoder.encode('"id"');

/**
 * Where the object's own `speckle_type` value is in `text[start, end)`: the bytes between its
 * quotes. Null when only parsing can tell: no such key found this way, a value that is not a
 * plain string, or an escape in it (never seen in real types).
 */
export function topLevelTypeSpan(
  text: Uint8Array,
  start = 0,
  end = text.length,
): { from: number; to: number } | null {
  return topLevelStringSpan(text, SPECKLE_TYPE_KEY, start, end);
}

/**
 * Where the object's own string value of `key` (quoted, as bytes) is in `text[start, end)`, as
 * topLevelTypeSpan says for `speckle_type`.
 */
export function topLevelStringSpan(
  text: Uint8Array,
  key: Uint8Array,
  start = 0,
  end = text.length,
): { from: number; to: number } | null {
  const afterKey = topLevelKeyEnd(text, key, start, end);
  if (afterKey === -1) return null;
  const open = skipSpace(text, skipSpace(text, afterKey) + 1);
  if (text[open] !== QUOTE) return null;
  for (let at = open + 1; at < end; at += 1) {
    const code = text[at];
    if (code === QUOTE) return { from: open + 1, to: at };
    if (code === BACKSLASH) return null;
  }
  return null;
}

/**
 * Where the object's own `id` value is in `text[start, end)`, as topLevelTypeSpan says for its type.
 * Speckle writes `id` first (shortest keys first), so it is looked for there before the object is
 * read from its end: that finds it without reading the rest, which may be megabytes of numbers.
 */
export function topLevelIdSpan(
  text: Uint8Array,
  start = 0,
  end = text.length,
): { from: number; to: number } | null {
  const key = skipSpace(text, start + 1);
  const colon = skipSpace(text, key + ID_KEY.length);
  const quote = skipSpace(text, colon + 1);
  if (hasBytesAt(text, ID_KEY, key) && text[colon] === COLON && text[quote] === QUOTE) {
    const close = stringEnd(text, quote);
    if (close !== -1 && close < end && !text.subarray(quote, close).includes(BACKSLASH)) {
      return { from: quote + 1, to: close };
    }
  }
  return topLevelStringSpan(text, ID_KEY, start, end);
}

export function readTopLevelType(text: Uint8Array): string {
  const span = topLevelTypeSpan(text);
  return span ? decodeSpan(text, span.from, span.to) : parsedField(text, readType);
}

/** How many ids the object's own `__closure` lists; 0 when it has none. */
export function countTopLevelClosure(text: Uint8Array): number {
  const afterKey = topLevelKeyEnd(text, CLOSURE_KEY);
  if (afterKey === -1) return parsedField(text, closureSize);
  const open = text.indexOf(OPEN_BRACE, afterKey);
  const close = text.indexOf(CLOSE_BRACE, open);
  // A closure maps ids to depths (numbers): one colon per entry, and no brace inside.
  return countByte(text, COLON, open, close);
}

/**
 * The object's own `__closure` as id → depth; an empty map when it has none. A depth that is not a
 * number (never written by Speckle) reads as Infinity: listed, at no known depth.
 */
export function readTopLevelClosure(text: Uint8Array): Map<string, number> {
  const steps = readTopLevelClosureSteps(text);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/** Where a closure is read into: a Map, or an IdNumberMap. */
interface ClosureInto {
  set(id: string, depth: number): unknown;
}

/**
 * readTopLevelClosure as a generator that yields every thousand ids: filling a map with 100,000
 * ids is too long for one task on the main thread.
 */
export function readTopLevelClosureSteps(text: Uint8Array): Generator<void, Map<string, number>>;
/** Into `closure` (an IdNumberMap for a closure that may hold a million ids) rather than a Map. */
export function readTopLevelClosureSteps<Into extends ClosureInto>(
  text: Uint8Array,
  closure: Into,
): Generator<void, Into>;
export function* readTopLevelClosureSteps(
  text: Uint8Array,
  closure: ClosureInto = new Map<string, number>(),
): Generator<void, ClosureInto> {
  // Most objects (a mesh, a point) have no closure, and finding that by reading their text
  // backwards, then parsing it, cost seconds over a 100,000-object file.
  if (!mayContainKey(text, CLOSURE_KEY)) return closure;
  const afterKey = topLevelKeyEnd(text, CLOSURE_KEY);
  if (afterKey === -1) {
    for (const [id, depth] of parsedField(text, closureOf)) closure.set(id, depth);
    return closure;
  }
  const open = text.indexOf(OPEN_BRACE, afterKey);
  if (open === -1) return closure;
  // Entries are `"id": depth`; a string depth is skipped over so that its text cannot end the map.
  for (let at = open + 1, entries = 1; ; entries += 1) {
    if (entries % 1000 === 0) yield;
    // Past the separator: a quote opens the next key, anything else ends the map.
    let keyStart = at;
    while (isSeparator(text[keyStart]!)) keyStart += 1;
    if (text[keyStart] !== QUOTE) return closure;
    const keyEnd = stringEnd(text, keyStart);
    if (keyEnd === -1) return closure;
    const colon = text.indexOf(COLON, keyEnd);
    if (colon === -1) return closure;
    // Depths are small integers: read the digits here, leave anything else to depthOf.
    let valueEnd = skipSpace(text, colon + 1);
    let depth = 0;
    let digits = 0;
    for (let code = text[valueEnd]!; code >= ZERO && code <= NINE; digits += 1) {
      depth = depth * 10 + code - ZERO;
      valueEnd += 1;
      code = text[valueEnd]!;
    }
    while (valueEnd < text.length && !isValueEnd(text[valueEnd]!)) {
      valueEnd = text[valueEnd] === QUOTE ? stringEnd(text, valueEnd) + 1 : valueEnd + 1;
      if (valueEnd === 0) return closure;
      digits = -1;
    }
    const key = decodeSpan(text, keyStart + 1, keyEnd);
    closure.set(
      key.includes('\\') ? (JSON.parse(`"${key}"`) as string) : key,
      digits > 0 ? depth : depthOf(decodeSpan(text, colon + 1, valueEnd)),
    );
    at = valueEnd;
  }
}

/**
 * Whether `key` (quoted, as bytes) may be one of the text's keys: false when its bytes are nowhere
 * in the text, nor any escape that could spell them. Looks for the key's second byte, the first
 * of its name, with the engine's own byte search.
 */
function mayContainKey(text: Uint8Array, key: Uint8Array): boolean {
  if (text.includes(BACKSLASH)) return true;
  const name = key[1]!;
  for (let at = text.indexOf(name, 1); at !== -1; at = text.indexOf(name, at + 1)) {
    if (hasBytesAt(text, key, at - 1)) return true;
  }
  return false;
}

function isSeparator(code: number): boolean {
  return code === COMMA || isJsonSpace(code);
}

function isValueEnd(code: number): boolean {
  return code === COMMA || code === CLOSE_BRACE;
}

function depthOf(text: string): number {
  const trimmed = text.trim();
  const depth = trimmed === '' ? Number.NaN : Number(trimmed);
  return Number.isNaN(depth) ? Number.POSITIVE_INFINITY : depth;
}

/** `__closure` of a parsed object as id → depth, as readTopLevelClosure reads it from text. */
export function closureOf(object: Record<string, unknown>): Map<string, number> {
  const closure = new Map<string, number>();
  const listed = object.__closure;
  if (typeof listed === 'object' && listed !== null && !Array.isArray(listed)) {
    for (const [id, depth] of Object.entries(listed)) {
      closure.set(id, typeof depth === 'number' ? depth : Number.POSITIVE_INFINITY);
    }
  }
  return closure;
}

/**
 * Just past the object's own `key` (quoted) in `text[start, end)`, or -1 when it has none or the
 * text does not end its object. Reads backwards from the final `}`: a string at depth 0 followed
 * by a colon is a key of the object itself.
 */
function topLevelKeyEnd(text: Uint8Array, key: Uint8Array, start = 0, end = text.length): number {
  let at = end - 1;
  while (at > start && isJsonSpace(text[at])) at -= 1;
  if (text[at] !== CLOSE_BRACE) return -1;
  let depth = 0;
  for (at -= 1; at > start; at -= 1) {
    const code = text[at];
    if (code === QUOTE) {
      const open = stringStart(text, at, start);
      if (open === -1) return -1;
      if (
        depth === 0 &&
        at + 1 - open === key.length &&
        hasBytesAt(text, key, open) &&
        text[skipSpace(text, at + 1)] === COLON
      ) {
        return at + 1;
      }
      at = open;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth += 1;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth -= 1;
      if (depth < 0) return -1;
    }
  }
  return -1;
}

/**
 * The index of the quote that opens the string closed at `close`, or -1: the nearest quote before
 * it that an even number of backslashes precedes (inside a string, a quote is always escaped).
 */
function stringStart(text: Uint8Array, close: number, start: number): number {
  for (let at = close - 1; at >= start; at -= 1) {
    if (text[at] !== QUOTE) continue;
    let backslashes = 0;
    while (text[at - 1 - backslashes] === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return at;
  }
  return -1;
}

function parsedField<T>(text: Uint8Array, read: (object: Record<string, unknown>) => T): T {
  let value: unknown = null;
  try {
    value = JSON.parse(decodeSpan(text, 0, text.length));
  } catch {
    // Not JSON: read from an empty object.
  }
  return read(value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
}

function readType(object: Record<string, unknown>): string {
  return typeof object.speckle_type === 'string' ? object.speckle_type : '';
}

function closureSize(object: Record<string, unknown>): number {
  const closure = object.__closure;
  return closure && typeof closure === 'object' ? Object.keys(closure).length : 0;
}
