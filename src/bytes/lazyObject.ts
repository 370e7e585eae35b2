/**
 * Parses a big object's own fields one by one and leaves its big containers as text until someone
 * opens them. A root's `__closure` of 100,000 ids is 4 MB, and parsing it builds a dictionary of
 * 100,000 keys; a 20 MB mesh is mostly two arrays. Showing either object
 * needs only its top-level keys, so parsing them whole would block the page for nothing.
 *
 * Finding the top-level members needs no parsing either: strings are skipped with `indexOf`
 * (an id is 32 characters between two quotes), so the scan touches a few characters per entry.
 */

import { skipTextSpace } from './jsonReader';
import { utf8ByteLength } from './utf8Text';

/**
 * One container, parsed the first time its value is read. It holds a way to read its JSON text
 * rather than the text: a text sliced from the object's keeps the whole object's text alive (4 MB
 * for a 100k model's root), which a with-children view can decode again from its bytes instead.
 */
export class DeferredJson {
  private parsed: { value: unknown } | null = null;

  /**
   * @param read gives the container's JSON text
   * @param opening its first character, `[` or `{`
   * @param bytes its size in UTF-8 bytes
   */
  constructor(
    private readonly read: () => string,
    readonly opening: string,
    readonly bytes: number,
  ) {}

  get value(): unknown {
    if (!this.parsed) {
      const text = this.read();
      try {
        this.parsed = { value: JSON.parse(text) };
      } catch {
        // The scan found the container's bounds but its inside is not JSON: show the text as
        // received rather than fail the whole view.
        this.parsed = { value: text };
      }
    }
    return this.parsed.value;
  }

  get isParsed(): boolean {
    return this.parsed !== null;
  }

  /** JSON.stringify writes the value, not this wrapper. */
  toJSON(): unknown {
    return this.value;
  }
}

/** Below this an object is parsed whole: the scan would cost more than it saves. */
export const SCAN_FROM_LENGTH = 1024 * 1024;
/** Containers longer than this stay text until opened. */
export const DEFER_FROM_LENGTH = 256 * 1024;
/** That size in words, for the page to say why such a field stays closed. */
export const DEFERRED_FIELD_SIZE = `${DEFER_FROM_LENGTH / 1024} kB`;

/**
 * Reads `raw.slice(start, end)` again when asked. A function of its own: closures made in one scope
 * share what they capture, so a reader made beside a slice of `raw` would keep the slice, and with
 * it all of `raw`, alive.
 */
function readerOf(
  raw: string,
  start: number,
  end: number,
  reread: (() => string) | undefined,
): () => string {
  if (reread) return () => reread().slice(start, end);
  const text = raw.slice(start, end);
  return () => text;
}

/** The value a tree shows: a DeferredJson's parsed value, anything else as it is. */
export function settled(value: unknown): unknown {
  return value instanceof DeferredJson ? value.value : value;
}

/** Members parsed between two yields of parseDeferringLargeSteps: a millisecond or two of work. */
const MEMBERS_PER_STEP = 1000;
/** From this many members on, an object's keys are kept as parsed (ownKeysOf). */
const KEEP_KEYS_FROM = 4096;

const keptKeys = new WeakMap<object, readonly string[]>();

/**
 * Parses an object's text, keeping big container fields as DeferredJson, as steps for
 * lib/slices.ts: an object of hundreds of thousands of small fields takes a second to parse, too
 * long for one task. Throws as JSON.parse does when the text is not JSON; any text that is not a
 * plain object is parsed whole. With `reread`, which gives the same text again, the deferred
 * containers keep no part of `raw`.
 */
export function* parseDeferringLargeSteps(
  raw: string,
  {
    scanFrom = SCAN_FROM_LENGTH,
    deferFrom = DEFER_FROM_LENGTH,
    reread,
  }: { scanFrom?: number; deferFrom?: number; reread?: () => string } = {},
): Generator<void, unknown, void> {
  if (raw.length < scanFrom) return JSON.parse(raw);
  // A root's closure is passed over to its `}` rather than read id by id: a million ids are 50 MB.
  const members = topLevelMembers(raw, CLOSURE_KEY);
  if (!members) return JSON.parse(raw);
  const result: Record<string, unknown> = {};
  const keys: string[] = [];
  for (const [index, { keyStart, keyEnd, start, end }] of members.entries()) {
    if (index % MEMBERS_PER_STEP === MEMBERS_PER_STEP - 1) yield;
    const key = JSON.parse(raw.slice(keyStart, keyEnd)) as string;
    const text = raw.slice(start, end);
    const opens = raw.charCodeAt(start);
    const value =
      end - start >= deferFrom && (opens === OPEN_BRACE || opens === OPEN_BRACKET)
        ? new DeferredJson(
            readerOf(raw, start, end, reread),
            raw.charAt(start),
            utf8ByteLength(text),
          )
        : JSON.parse(text);
    // A repeated key keeps its first place, as in JSON.parse.
    if (!Object.hasOwn(result, key)) keys.push(key);
    // A key named `__proto__` must stay a field, as JSON.parse makes it.
    Object.defineProperty(result, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  if (keys.length >= KEEP_KEYS_FROM) keptKeys.set(result, keys);
  return result;
}

/**
 * `Object.keys(record)`, from what the parse kept for an object of thousands of fields: for
 * hundreds of thousands, `Object.keys` alone took the page a fifth of a second. A parsed object's
 * fields are replaced in place, never added or removed.
 */
export function ownKeysOf(record: object): readonly string[] {
  return keptKeys.get(record) ?? Object.keys(record);
}

const CLOSURE_KEY = '"__closure"';
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

interface Member {
  keyStart: number;
  keyEnd: number;
  start: number;
  end: number;
}

/**
 * Spans of the top-level members of an object's text, or null when the text is not an object
 * laid out as JSON requires (the caller then lets JSON.parse report the error).
 *
 * A member named `flatKey` (its quoted text: `"__closure"`) whose value is an object of plain
 * entries, as a closure's ids and depths are, is passed over to its `}` without reading what is
 * between: most of a root's text, 100,000 ids.
 */
export function topLevelMembers(raw: string, flatKey?: string): Member[] | null {
  let at = skipTextSpace(raw, 0);
  if (raw.charCodeAt(at) !== OPEN_BRACE) return null;
  at = skipTextSpace(raw, at + 1);
  const members: Member[] = [];
  if (raw.charCodeAt(at) === CLOSE_BRACE) {
    return skipTextSpace(raw, at + 1) === raw.length ? [] : null;
  }
  for (;;) {
    if (raw.charCodeAt(at) !== QUOTE) return null;
    const keyEnd = stringEnd(raw, at);
    if (keyEnd === -1) return null;
    const keyStart = at;
    at = skipTextSpace(raw, keyEnd);
    if (raw.charCodeAt(at) !== COLON) return null;
    const start = skipTextSpace(raw, at + 1);
    const flat = keyEnd - keyStart === flatKey?.length && raw.startsWith(flatKey, keyStart);
    const end = (flat && flatObjectEnd(raw, start)) || valueEnd(raw, start);
    if (end === -1) return null;
    members.push({ keyStart, keyEnd, start, end });
    at = skipTextSpace(raw, end);
    const next = raw.charCodeAt(at);
    if (next === CLOSE_BRACE) return skipTextSpace(raw, at + 1) === raw.length ? members : null;
    if (next !== COMMA) return null;
    at = skipTextSpace(raw, at + 1);
  }
}

/**
 * Spans of the elements of an array's text, as topLevelMembers finds an object's members, or null
 * when the text is not an array laid out as JSON requires.
 */
export function topLevelItems(raw: string): Array<{ start: number; end: number }> | null {
  let at = skipTextSpace(raw, 0);
  if (raw.charCodeAt(at) !== OPEN_BRACKET) return null;
  at = skipTextSpace(raw, at + 1);
  const items: Array<{ start: number; end: number }> = [];
  if (raw.charCodeAt(at) === CLOSE_BRACKET) {
    return skipTextSpace(raw, at + 1) === raw.length ? items : null;
  }
  for (;;) {
    const end = valueEnd(raw, at);
    if (end === -1) return null;
    items.push({ start: at, end });
    at = skipTextSpace(raw, end);
    const next = raw.charCodeAt(at);
    if (next === CLOSE_BRACKET) return skipTextSpace(raw, at + 1) === raw.length ? items : null;
    if (next !== COMMA) return null;
    at = skipTextSpace(raw, at + 1);
  }
}

/**
 * The index just past the object that starts at `start` when no container opens inside it before
 * its first `}` (its keys may not hold a `}`); 0 otherwise.
 */
function flatObjectEnd(raw: string, start: number): number {
  if (raw.charCodeAt(start) !== OPEN_BRACE) return 0;
  const close = raw.indexOf('}', start);
  if (close === -1) return 0;
  const inside = raw.slice(start + 1, close);
  return inside.includes('{') || inside.includes('[') ? 0 : close + 1;
}

/** The index just past the string that opens at `start`, or -1 when it never closes. */
function stringEnd(raw: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = raw.indexOf('"', from);
    if (quote === -1) return -1;
    let backslashes = 0;
    while (raw.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** Characters in a row without a quote or bracket, after which valueEnd lets a regex skip. */
const PLAIN_RUN_FOR_REGEX = 16;
const STRUCTURAL = /["[\]{}]/g;

/** The index just past the value that starts at `start`, or -1 when the text ends first. */
function valueEnd(raw: string, start: number): number {
  const first = raw.charCodeAt(start);
  if (first === QUOTE) return stringEnd(raw, start);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    // A number, true, false or null: it runs to the next delimiter.
    let at = start;
    for (; at < raw.length; at += 1) {
      const code = raw.charCodeAt(at);
      if (code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || code <= 0x20) break;
    }
    return at === start ? -1 : at;
  }
  // Only quotes and brackets matter inside a container. Where they are dense (a closure's ids, a
  // list of references) reading each character is fastest; a long run without them (a mesh's
  // millions of digits) is skipped by the regex engine, far faster than a loop over characters.
  let depth = 0;
  let plain = 0;
  for (let at = start; at < raw.length;) {
    const code = raw.charCodeAt(at);
    if (code === QUOTE) {
      at = stringEnd(raw, at);
      if (at === -1) return -1;
      plain = 0;
      continue;
    }
    if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth += 1;
      plain = 0;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth -= 1;
      if (depth === 0) return at + 1;
      plain = 0;
    } else if (++plain === PLAIN_RUN_FOR_REGEX) {
      STRUCTURAL.lastIndex = at;
      const match = STRUCTURAL.exec(raw);
      if (!match) return -1;
      at = match.index;
      plain = 0;
      continue;
    }
    at += 1;
  }
  return -1;
}
