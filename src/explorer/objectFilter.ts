/**
 * Narrows and orders the list of received objects. Plain loops over the summaries: at 100,000
 * objects a filter takes a few milliseconds and a sort a few tens, well inside one frame budget.
 */
import type { ObjectSummary } from '../speckle/objectSet';
import { shortTypeName } from '../speckle/types';

export type ObjectOrder = 'received' | 'type' | 'id' | 'size';

export interface ObjectFilter {
  /** Matched, case-insensitively, against the id and the full and short type. */
  text: string;
  /** Only objects whose full `speckle_type` is exactly this ('' for those without); null for all. */
  speckleType: string | null;
  order: ObjectOrder;
}

export const NO_FILTER: ObjectFilter = { text: '', speckleType: null, order: 'received' };

export function filterObjects(
  objects: readonly ObjectSummary[],
  count: number,
  { text, speckleType, order }: ObjectFilter,
): readonly ObjectSummary[] {
  const needle = text.trim().toLowerCase();
  const matching =
    needle === '' && speckleType === null
      ? objects.slice(0, count)
      : objects.slice(0, count).filter((object) => matches(object, needle, speckleType));
  return order === 'received' ? matching : matching.sort(COMPARATORS[order]);
}

function matches(object: ObjectSummary, needle: string, speckleType: string | null): boolean {
  if (speckleType !== null && object.speckleType !== speckleType) return false;
  return (
    needle === '' || object.id.includes(needle) || object.speckleType.toLowerCase().includes(needle)
  );
}

const byId = (a: ObjectSummary, b: ObjectSummary) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const COMPARATORS: Record<
  Exclude<ObjectOrder, 'received'>,
  (a: ObjectSummary, b: ObjectSummary) => number
> = {
  id: byId,
  type: (a, b) => {
    const left = shortTypeName(a.speckleType);
    const right = shortTypeName(b.speckleType);
    return left < right ? -1 : left > right ? 1 : byId(a, b);
  },
  size: (a, b) => b.bytes - a.bytes || byId(a, b),
};
