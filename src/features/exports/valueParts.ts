/**
 * `JSON.stringify(value, null, indent)` as parts, for values too big to become one string: a
 * recomposed model (references resolved, DataChunks joined) can be hundreds of megabytes. Iterative,
 * so deep nesting cannot overflow the call stack. Runs of numbers and other plain values (a mesh's
 * vertices) and objects holding only plain values go through JSON.stringify a slice at a time,
 * which is faster than writing them one by one; the sizes of their strings bound each slice.
 *
 * Being a serialisation of parsed values, it writes numbers as JavaScript prints them: `-0` becomes
 * `0`, `1e308` becomes `1e+308`, and digits beyond a double's precision are lost. Where the received
 * text is at hand, reindentJsonParts keeps it exactly instead.
 */
import { LineBreaks } from './lineBreaks';
import { PART_CHARS, PartBuffer } from './parts';

interface Frame {
  /** Array elements, or the values of the members that JSON keeps. */
  entries: readonly unknown[];
  /** The members' names; null for an array. */
  keys: readonly string[] | null;
  next: number;
  container: object;
}

const MAX_RUN = 8192;
// Leaves room for escapes (up to 6 characters for one) within a part of about PART_CHARS.
const MAX_RUN_STRING_CHARS = PART_CHARS / 8;

export function* jsonValueParts(value: unknown, indent = 0): Generator<string> {
  if (!isSerialisable(value)) throw new TypeError('There is no JSON value to write.');
  const buffer = new PartBuffer();
  const colon = indent > 0 ? ': ' : ':';
  const breaks = new LineBreaks(indent);
  // JSON.stringify's own output, moved `depth` levels in. Its strings hold no raw line breaks, so
  // every line break in it starts a line.
  const stringifyAt = (item: unknown, depth: number) => {
    const text = JSON.stringify(item, null, indent);
    return indent > 0 && depth > 0 ? text.replaceAll('\n', breaks.before(depth)) : text;
  };
  const frames: Frame[] = [];
  // The containers being written: meeting one again inside itself is a cycle.
  const open = new Set<object>();

  // Writes a plain value or a small object whole; otherwise opens the container for the loop.
  function write(item: unknown, depth: number): Frame | null {
    if (isPlain(item)) {
      buffer.push(plainText(item));
      return null;
    }
    if (open.has(item)) throw new TypeError('The value contains itself and has no JSON form.');
    if (!Array.isArray(item) && holdsOnlyFewPlainValues(item)) {
      buffer.push(stringifyAt(item, depth));
      return null;
    }
    const keys = Array.isArray(item)
      ? null
      : Object.keys(item).filter((key) => isSerialisable(member(item, key)));
    const entries = keys ? keys.map((key) => member(item, key)) : (item as unknown[]);
    if (entries.length === 0) {
      buffer.push(keys ? '{}' : '[]');
      return null;
    }
    open.add(item);
    buffer.push(keys ? '{' : '[');
    return { entries, keys, next: 0, container: item };
  }

  const root = write(value, 0);
  if (root) frames.push(root);
  while (frames.length > 0) {
    const frame = frames.at(-1)!;
    const depth = frames.length;
    const { entries, keys } = frame;
    const index = frame.next;
    if (index === entries.length) {
      frames.pop();
      open.delete(frame.container);
      buffer.push(breaks.before(depth - 1));
      buffer.push(keys ? '}' : ']');
    } else if (keys === null && isPlain(entries[index])) {
      const end = plainRunEnd(entries, index);
      const run = stringifyAt(entries.slice(index, end), depth - 1);
      // Without its brackets (and, indented, the line break before `]`).
      if (index > 0) buffer.push(',');
      buffer.push(run.slice(1, indent > 0 ? run.lastIndexOf('\n') : -1));
      frame.next = end;
    } else {
      frame.next += 1;
      buffer.push(index > 0 ? breaks.afterComma(depth) : breaks.before(depth));
      if (keys) {
        buffer.push(JSON.stringify(keys[index]));
        buffer.push(colon);
      }
      const child = write(entries[index], depth);
      if (child) frames.push(child);
    }
    if (buffer.isFull) yield* buffer.take();
  }
  if (!buffer.isEmpty) yield* buffer.take();
}

/** The end of the run of plain values from `start`, short enough to make one modest string. */
function plainRunEnd(entries: readonly unknown[], start: number): number {
  const last = Math.min(entries.length, start + MAX_RUN);
  let stringChars = 0;
  let end = start;
  while (end < last && stringChars <= MAX_RUN_STRING_CHARS) {
    const entry = entries[end];
    if (!isPlain(entry)) break;
    if (typeof entry === 'string') stringChars += entry.length;
    end += 1;
  }
  return end;
}

function holdsOnlyFewPlainValues(item: object): boolean {
  let stringChars = 0;
  let count = 0;
  for (const key in item) {
    if (!Object.hasOwn(item, key)) continue;
    const entry = member(item, key);
    if (!isPlain(entry)) return false;
    count += 1;
    stringChars += key.length + (typeof entry === 'string' ? entry.length : 0);
    if (count > MAX_RUN || stringChars > MAX_RUN_STRING_CHARS) return false;
  }
  return true;
}

function member(container: object, key: string): unknown {
  return (container as Record<string, unknown>)[key];
}

function isPlain(value: unknown): value is string | number | boolean | null | undefined {
  return value === null || typeof value !== 'object';
}

/** What JSON.stringify leaves out of objects (and writes as null in arrays). */
function isSerialisable(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}

function plainText(value: unknown): string {
  // Non-finite numbers give "null"; so do, in arrays, the values that objects leave out.
  return JSON.stringify(value) ?? 'null';
}
