/**
 * An object's text read only as far as a table's columns need, from its UTF-8 bytes: its own
 * members whose keys a column starts with (or Speckle's `@` form of them) decoded and parsed, the
 * rest passed over as bytes (bytes/jsonBytes.ts). Most of a model's objects are DataChunks and
 * meshes whose numbers no column asks for; decoding and parsing them whole was most of a table's
 * time, and strings of hundreds of kB are garbage only a full collection frees: a million objects'
 * worth grew the worker's memory by a third of the model.
 *
 * When a column's first name is no key of the object but the text holds it in quotes, it may be
 * the `name` of a parameter among the object's own members (stepInto): the text is parsed whole.
 */
import {
  BACKSLASH,
  CLOSE_BRACE,
  COLON,
  COMMA,
  indexOfBytes,
  OPEN_BRACE,
  QUOTE,
  sameBytes,
  skipSpace,
  stringEnd,
  valueEnd,
} from '../../../bytes/jsonBytes';
import { decodeSpan } from '../../../bytes/utf8Text';

const encoder = new TextEncoder();

/** A key as JSON writes it, quotes included. */
const quoted = (key: string) => encoder.encode(JSON.stringify(key));

export class OwnFields {
  /** The keys kept, as written, by their length in bytes. */
  private readonly keys = new Map<number, Array<{ key: string; bytes: Uint8Array }>>();
  private readonly names: Array<{ name: string; bytes: Uint8Array }>;

  /**
   * @param names the columns' first names
   * @param more other keys to keep (`units`, which numbers are shown with; the row choice's)
   */
  constructor(names: readonly string[], more: readonly string[]) {
    this.names = names.map((name) => ({ name, bytes: quoted(name) }));
    for (const key of new Set([...names, ...names.map((name) => `@${name}`), ...more])) {
      const bytes = quoted(key);
      const sameLength = this.keys.get(bytes.length) ?? [];
      sameLength.push({ key, bytes });
      this.keys.set(bytes.length, sameLength);
    }
  }

  /** The object with the members the columns read; undefined when the text is not an object. */
  read(text: Uint8Array): unknown {
    const fields = this.members(text);
    if (fields === null)
      return objectOrUndefined(parseOrUndefined(decodeSpan(text, 0, text.length)));
    if (fields === undefined) return undefined;
    const byName = this.names.some(
      ({ name, bytes }) =>
        !Object.hasOwn(fields, name) &&
        !Object.hasOwn(fields, `@${name}`) &&
        indexOfBytes(text, bytes) !== -1,
    );
    return byName ? parseOrUndefined(decodeSpan(text, 0, text.length)) : fields;
  }

  /**
   * The kept members, parsed; null when the text is not laid out as an object (JSON.parse then
   * says), undefined when a kept member is not JSON.
   */
  private members(text: Uint8Array): Record<string, unknown> | null | undefined {
    const end = text.length;
    let at = skipSpace(text, 0, end);
    if (text[at] !== OPEN_BRACE) return null;
    at = skipSpace(text, at + 1, end);
    const fields: Record<string, unknown> = {};
    if (text[at] === CLOSE_BRACE) return fields;
    for (;;) {
      if (text[at] !== QUOTE) return null;
      const close = stringEnd(text, at);
      if (close === -1 || close >= end) return null;
      const colon = skipSpace(text, close + 1, end);
      if (text[colon] !== COLON) return null;
      const start = skipSpace(text, colon + 1, end);
      const after = valueEnd(text, start, end);
      if (after === -1) return null;
      const key = this.keptKey(text, at, close + 1);
      if (key !== null) {
        const value = parseOrUndefined(decodeSpan(text, start, after));
        if (value === undefined) return undefined;
        fields[key] = value;
      }
      at = skipSpace(text, after, end);
      if (text[at] === CLOSE_BRACE) return fields;
      if (text[at] !== COMMA) return null;
      at = skipSpace(text, at + 1, end);
    }
  }

  /** The key written at `[start, end)` when it is one kept, else null. */
  private keptKey(text: Uint8Array, start: number, end: number): string | null {
    if (text.subarray(start, end).includes(BACKSLASH)) {
      const key = JSON.parse(decodeSpan(text, start, end)) as string;
      return [...this.keys.values()].flat().some((kept) => kept.key === key) ? key : null;
    }
    for (const kept of this.keys.get(end - start) ?? []) {
      if (sameBytes(text, start, kept.bytes, 0, end - start)) return kept.key;
    }
    return null;
  }
}

function objectOrUndefined(value: unknown): object | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}

export function parseOrUndefined(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}
