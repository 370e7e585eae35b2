/**
 * Narrows and orders the list of received objects. At 100,000 objects a sort takes hundreds of
 * milliseconds (seconds when comparing type names), so the work is written as steps that yield
 * every few thousand items (slices.ts runs them between frames), and a sort compares numbers and
 * ids only: each distinct type gets its rank once.
 */
import type { ObjectSummary } from '../../../objects/set/body';
import type { ReadonlyList } from '../../../lib/readonlyList';
import { shortTypeName } from '../../../speckle/types';
import { runNow, type Steps } from '../../../lib/slices';

export type ObjectOrder = 'received' | 'type' | 'id' | 'size';

export interface ObjectFilter {
  /** Matched, case-insensitively, against the id and the full and short type. */
  text: string;
  /** Only objects whose full `speckle_type` is exactly this ('' for those without); null for all. */
  speckleType: string | null;
  order: ObjectOrder;
}

export const NO_FILTER: ObjectFilter = { text: '', speckleType: null, order: 'received' };

/** Items between two yields. */
const STEP = 2048;

export function isPlainFilter({ text, speckleType, order }: ObjectFilter): boolean {
  return text.trim() === '' && speckleType === null && order === 'received';
}

/** The first `count` objects that match, in the filter's order, in steps. */
export function* filterSteps(
  objects: ReadonlyList<ObjectSummary>,
  count: number,
  { text, speckleType, order }: ObjectFilter,
): Steps<ObjectSummary[]> {
  const needle = text.trim().toLowerCase();
  const matching: ObjectSummary[] = [];
  for (let start = 0; start < count; start += STEP) {
    const end = Math.min(count, start + STEP);
    for (let index = start; index < end; index += 1) {
      const object = objects.at(index)!;
      if (matches(object, needle, speckleType)) matching.push(object);
    }
    yield;
  }
  if (order === 'received') return matching;
  return yield* mergeSortSteps(matching, comparator(order, matching));
}

/** All at once: for tests and small lists. */
export function filterObjects(
  objects: ReadonlyList<ObjectSummary>,
  count: number,
  filter: ObjectFilter,
): ObjectSummary[] {
  return runNow(filterSteps(objects, count, filter));
}

function matches(object: ObjectSummary, needle: string, speckleType: string | null): boolean {
  if (speckleType !== null && object.speckleType !== speckleType) return false;
  return (
    needle === '' || object.id.includes(needle) || object.speckleType.toLowerCase().includes(needle)
  );
}

type Compare = (a: ObjectSummary, b: ObjectSummary) => number;

const byId: Compare = (a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function comparator(order: Exclude<ObjectOrder, 'received'>, objects: ObjectSummary[]): Compare {
  if (order === 'id') return byId;
  if (order === 'size') return (a, b) => b.bytes - a.bytes || byId(a, b);
  const rank = typeRanks(objects);
  return (a, b) => rank.get(a.speckleType)! - rank.get(b.speckleType)! || byId(a, b);
}

/** Each distinct full type's place in the order of short type names. */
function typeRanks(objects: readonly ObjectSummary[]): Map<string, number> {
  const types = [...new Set(objects.map((object) => object.speckleType))].map((type) => ({
    type,
    short: shortTypeName(type),
  }));
  types.sort((a, b) => (a.short < b.short ? -1 : a.short > b.short ? 1 : 0));
  const rank = new Map<string, number>();
  for (const [index, { type, short }] of types.entries()) {
    // Full types with the same short name share a rank, so that their objects mix by id.
    const previous = types[index - 1];
    rank.set(type, previous && previous.short === short ? rank.get(previous.type)! : index);
  }
  return rank;
}

/** A stable bottom-up merge sort that yields every STEP items moved. */
function* mergeSortSteps<T>(items: T[], compare: (a: T, b: T) => number): Steps<T[]> {
  const length = items.length;
  for (let start = 0; start < length; start += STEP) {
    const run = items.slice(start, start + STEP).sort(compare);
    for (let index = 0; index < run.length; index += 1) items[start + index] = run[index]!;
    yield;
  }
  let source = items;
  let target = new Array<T>(length);
  for (let width = STEP; width < length; width *= 2) {
    let moved = 0;
    for (let left = 0; left < length; left += 2 * width) {
      const middle = Math.min(left + width, length);
      const right = Math.min(left + 2 * width, length);
      let i = left;
      let j = middle;
      for (let out = left; out < right; out += 1) {
        target[out] =
          j >= right || (i < middle && compare(source[i]!, source[j]!) <= 0)
            ? source[i++]!
            : source[j++]!;
        if ((moved += 1) % STEP === 0) yield;
      }
    }
    [source, target] = [target, source];
  }
  return source;
}
