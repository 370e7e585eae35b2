/**
 * `JSON.stringify(value, null, indent)` as parts, for values too big to become one string: a
 * recomposed model (references resolved, DataChunks joined) can be hundreds of megabytes. Iterative,
 * so deep nesting cannot overflow the call stack.
 *
 * Being a serialisation of parsed values, it writes numbers as JavaScript prints them: `-0` becomes
 * `0`, `1e308` becomes `1e+308`, and digits beyond a double's precision are lost. Where the received
 * text is at hand, reindentJsonParts keeps it exactly instead.
 */
import { PartBuffer } from './parts';

interface Frame {
  /** Array elements, or the values of the members that JSON keeps. */
  entries: readonly unknown[];
  /** The members' names; null for an array. */
  keys: readonly string[] | null;
  next: number;
  container: object;
}

export function* jsonValueParts(value: unknown, indent = 0): Generator<string> {
  if (!isSerialisable(value)) throw new TypeError('There is no JSON value to write.');
  const buffer = new PartBuffer();
  const colon = indent > 0 ? ': ' : ':';
  const breaks: string[] = [];
  const lineBreak = (depth: number) =>
    (breaks[depth] ??= indent > 0 ? `\n${' '.repeat(indent * depth)}` : '');
  const frames: Frame[] = [];
  // The containers being written: meeting one again inside itself is a cycle.
  const open = new Set<object>();

  // Writes a primitive or an empty container; otherwise opens the container and returns its frame.
  function write(item: unknown): Frame | null {
    if (item === null || typeof item !== 'object') {
      buffer.push(primitiveText(item));
      return null;
    }
    if (open.has(item)) throw new TypeError('The value contains itself and has no JSON form.');
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

  const root = write(value);
  if (root) frames.push(root);
  while (frames.length > 0) {
    const frame = frames.at(-1)!;
    const depth = frames.length;
    if (frame.next === frame.entries.length) {
      frames.pop();
      open.delete(frame.container);
      buffer.push(lineBreak(depth - 1));
      buffer.push(frame.keys ? '}' : ']');
    } else {
      const index = frame.next;
      frame.next += 1;
      buffer.push(index > 0 ? `,${lineBreak(depth)}` : lineBreak(depth));
      if (frame.keys) {
        buffer.push(JSON.stringify(frame.keys[index]));
        buffer.push(colon);
      }
      const child = write(frame.entries[index]);
      if (child) frames.push(child);
    }
    if (buffer.isFull) yield* buffer.take();
  }
  if (!buffer.isEmpty) yield* buffer.take();
}

function member(container: object, key: string): unknown {
  return (container as Record<string, unknown>)[key];
}

/** What JSON.stringify leaves out of objects (and writes as null in arrays). */
function isSerialisable(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}

function primitiveText(value: unknown): string {
  if (typeof value === 'bigint') throw new TypeError('A BigInt has no JSON form.');
  // Non-finite numbers give "null"; so do, in arrays, the values that objects leave out.
  return JSON.stringify(value) ?? 'null';
}
