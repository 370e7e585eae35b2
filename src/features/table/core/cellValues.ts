/**
 * A column's values in one parsed object. A column is a field path of the search's query language
 * (speckle/searchQuery.ts), followed as the search's field terms follow it (stepInto: a key, the
 * key with `@`, or a parameter by its `name`; arrays looked through), with two additions for a
 * table:
 *
 * - a path that meets a detached child (`{"referencedId": …}`) before its end continues inside the
 *   referenced object: the reader returns a `pending` part naming that object and where the path
 *   goes on, and the table's build reads it later (tableBuild.ts);
 * - each value carries its unit: a parameter's `units`, else, for a number, the `units` of the
 *   object holding it.
 *
 * A path that ends on a parameter gives its `value`; one that ends on a reference gives the id it
 * points to; one that ends on another object or on nothing gives no value.
 */
import { isReference } from '../../../speckle/references';
import { isParameter, numberOf, plainText, stepInto } from '../../../speckle/searchMatch';

export interface CellValue {
  text: string;
  /** The value as a number: a number, or a text that is one (as the search's `>` reads it). */
  number: number | null;
  unit: string | null;
}

/** A value not read yet: the path goes on at `from` inside the object `id`. */
export interface PendingValue {
  pending: string;
  from: number;
}

export type CellPart = CellValue | PendingValue;

export function isPending(part: CellPart): part is PendingValue {
  return 'pending' in part;
}

/** The values `path` leads to from `root`, starting at its name `from`, in document order. */
export function readPath(root: unknown, path: readonly string[], from = 0): CellPart[] {
  const parts: CellPart[] = [];
  // Depth first, in order: each entry is a value, the object holding it, and the next name.
  const stack: Array<{ value: unknown; holder: unknown; at: number }> = [
    { value: root, holder: null, at: from },
  ];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { value, holder, at } = item;
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) {
        stack.push({ value: value[index], holder, at });
      }
      continue;
    }
    if (isReference(value) && at < path.length && path[at] !== 'referencedId') {
      parts.push({ pending: value.referencedId, from: at });
      continue;
    }
    if (at === path.length) {
      const found = valueOf(value, holder);
      if (found) parts.push(found);
      continue;
    }
    const next = stepInto(value, path[at]!);
    for (let index = next.length - 1; index >= 0; index -= 1) {
      stack.push({ value: next[index]!.value, holder: value, at: at + 1 });
    }
  }
  return parts;
}

function valueOf(value: unknown, holder: unknown): CellValue | null {
  if (isParameter(value)) {
    const text = plainText(value.value);
    if (text === null) return null;
    return { text, number: numberOf(value.value), unit: unitOf(value) };
  }
  if (isReference(value)) return { text: value.referencedId, number: null, unit: null };
  const text = plainText(value);
  if (text === null) return null;
  const number = numberOf(value);
  return { text, number, unit: number === null ? null : unitOf(holder) };
}

function unitOf(holder: unknown): string | null {
  if (typeof holder !== 'object' || holder === null) return null;
  const { units } = holder as { units?: unknown };
  return typeof units === 'string' && units !== '' ? units : null;
}
