/**
 * Reads an object's own fields from its JSON text, as UTF-8 bytes, without parsing or even decoding
 * it: indexing 100,000 objects by type must not cost a full `JSON.parse` of hundreds of MB, nor a
 * decode of every object's text, nor must counting or reading a root's `__closure` of 100,000 ids
 * cost a parse of it.
 *
 * Nested objects carry a `speckle_type` and a `__closure` too, so the right occurrence is the one
 * at the top level. The text is read backwards from its final `}` (ownKeyEnd in ownKeys.ts),
 * skipping strings and counting brackets, until a key at the top level is the one asked for: the
 * server writes keys shortest
 * first, so `speckle_type` sits near the end, after the big arrays and nested objects with shorter
 * keys, and only the short tail after it is read (one pass over ~150 bytes for most objects).
 */
import {
  BACKSLASH,
  CLOSE_BRACE,
  COLON,
  COMMA,
  countByte,
  flatMemberEnd,
  hasBytesAt,
  indexOfBytes,
  memberValue,
  naturalNumber,
  OPEN_BRACE,
  plainStringEnd,
  QUOTE,
  skipSpace,
  stringEnd,
} from './jsonBytes';
import { ownKeyEnd, ownKeyEndBack, ownKeySearch } from './ownKeys';
import { decodeSpan } from './utf8Text';

const encoder = new TextEncoder();
const SPECKLE_TYPE_KEY = encoder.encode('"speckle_type"');
const CLOSURE_KEY = encoder.encode('"__closure"');
const ID_KEY = encoder.encode('"id"');
/** Bytes looked through between two yields of a search for a key: a few milliseconds' work. */
const SEARCH_STEP_BYTES = 4_000_000;

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
  const afterKey = ownKeyEnd(text, key, start, end);
  if (afterKey === -1) return null;
  const open = skipSpace(text, skipSpace(text, afterKey) + 1);
  const close = text[open] === QUOTE ? plainStringEnd(text, open, end) : -1;
  return close === -1 ? null : { from: open + 1, to: close };
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
  const quote = hasBytesAt(text, ID_KEY, key) ? memberValue(text, key) : -1;
  const close = quote !== -1 && text[quote] === QUOTE ? plainStringEnd(text, quote, end) : -1;
  if (close !== -1) return { from: quote + 1, to: close };
  return topLevelStringSpan(text, ID_KEY, start, end);
}

export function readTopLevelType(text: Uint8Array): string {
  const span = topLevelTypeSpan(text);
  return span ? decodeSpan(text, span.from, span.to) : parsedField(text, readType);
}

/** How many ids the object's own `__closure` lists; 0 when it has none. */
export function countTopLevelClosure(text: Uint8Array): number {
  const afterKey = ownKeyEnd(text, CLOSURE_KEY);
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

/**
 * Where a closure is read into: a Map, or an IdNumberMap, which takes an id without escapes as its
 * bytes (`setBytes`), with no string made for it.
 */
interface ClosureInto {
  set(id: string, depth: number): unknown;
  setBytes?(bytes: Uint8Array, from: number, to: number, depth: number): unknown;
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
  if (!(yield* mayContainKey(text, CLOSURE_KEY))) return closure;
  const afterKey = yield* ownKeyEndSteps(text, CLOSURE_KEY);
  if (afterKey === -1) {
    for (const [id, depth] of parsedField(text, closureOf)) closure.set(id, depth);
    return closure;
  }
  return yield* closureEntries(text, afterKey, closure);
}

/**
 * The entries of the closure whose key ends at `afterKey`, read into `closure`, yielding every
 * thousand ids: for a reader that found the key itself (every closure of an object, nested ones
 * included, read forwards in one pass rather than the object's own read backwards).
 */
export function* closureEntries<Into extends ClosureInto>(
  text: Uint8Array,
  afterKey: number,
  closure: Into,
): Generator<void, Into> {
  const open = text.indexOf(OPEN_BRACE, afterKey);
  if (open === -1) return closure;
  // Entries are `"id": depth`, read leniently: any commas and spaces between them, anything up to
  // a colon after a key. A string depth is passed over so that its text cannot end the map.
  for (let at = open + 1, entries = 1; ; entries += 1) {
    if (entries % 1000 === 0) yield;
    // Past the separator: a quote opens the next key, anything else ends the map.
    let keyStart = skipSpace(text, at);
    while (text[keyStart] === COMMA) keyStart = skipSpace(text, keyStart + 1);
    if (text[keyStart] !== QUOTE) return closure;
    // Ids are plain: stepped through, where a byte search per key cost more than the key's bytes.
    const plainEnd = plainStringEnd(text, keyStart, text.length);
    const keyEnd = plainEnd !== -1 ? plainEnd : stringEnd(text, keyStart);
    if (keyEnd === -1) return closure;
    const colon = text.indexOf(COLON, keyEnd);
    if (colon === -1) return closure;
    const valueStart = skipSpace(text, colon + 1);
    const valueEnd = flatMemberEnd(text, valueStart);
    if (valueEnd === -1) return closure;
    // Depths are small integers, read from their digits; anything else is left to depthOf.
    const number = naturalNumber(text, valueStart, valueEnd);
    const depth = number !== -1 ? number : depthOf(decodeSpan(text, colon + 1, valueEnd));
    if (closure.setBytes && !holdsByte(text, BACKSLASH, keyStart + 1, keyEnd)) {
      closure.setBytes(text, keyStart + 1, keyEnd, depth);
    } else {
      const key = decodeSpan(text, keyStart + 1, keyEnd);
      closure.set(key.includes('\\') ? (JSON.parse(`"${key}"`) as string) : key, depth);
    }
    at = valueEnd;
  }
}

/**
 * Whether `key` (quoted, as bytes) may be one of the text's keys: false when its bytes are nowhere
 * in the text, nor any escape that could spell them. Looks for the key's second byte, the first
 * of its name, with the engine's own byte search, a few megabytes a step: a 60 MB object took
 * the page a third of a second at once.
 */
function* mayContainKey(text: Uint8Array, key: Uint8Array): Generator<void, boolean, void> {
  for (let from = 0; from < text.length; from += SEARCH_STEP_BYTES) {
    // Each window reaches as far as a key that starts inside it.
    const window = text.subarray(from, from + SEARCH_STEP_BYTES + key.length - 1);
    if (window.indexOf(BACKSLASH) !== -1 || indexOfBytes(window, key, 0, 1) !== -1) return true;
    yield;
  }
  return false;
}

/**
 * ownKeyEnd a few megabytes at a time: a root's `__closure` sits before its `speckle_type`, so the
 * search back for it passes over the whole closure, 37 MB for a million ids, 64 ms at once.
 */
function* ownKeyEndSteps(text: Uint8Array, key: Uint8Array): Generator<void, number, void> {
  let found = ownKeySearch(text) ?? -1;
  while (typeof found !== 'number') {
    found = ownKeyEndBack(text, key, found, 0, SEARCH_STEP_BYTES);
    if (typeof found !== 'number') yield;
  }
  return found;
}

/** Whether `byte` is in `text[from, to)`; stepped through, as the span is an id's few bytes. */
function holdsByte(text: Uint8Array, byte: number, from: number, to: number): boolean {
  for (let at = from; at < to; at += 1) if (text[at] === byte) return true;
  return false;
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
