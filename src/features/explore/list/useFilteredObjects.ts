import { useEffect, useState } from 'react';
import type { ObjectSet } from '../../../objects/set/objectSet';
import type { ObjectSummary } from '../../../objects/set/body';
import type { ReadonlyList } from '../../../lib/readonlyList';
import { filterSteps, isPlainFilter, type ObjectFilter } from './objectFilter';
import { runInSlices } from '../../../lib/slices';

interface Filtered {
  objects: ReadonlyList<ObjectSummary>;
  filter: ObjectFilter;
  /** How many received objects it was made from. */
  received: number;
}

/**
 * The set's objects as the filter asks, made in slices between frames (a sort of 100,000 objects
 * would otherwise block the page). Until a new result is ready the previous one stays. While a load
 * runs, a result made from fewer objects than have arrived is made again once it is done, rather
 * than restarted on every progress update, which would never let it finish.
 */
export function useFilteredObjects(
  set: ObjectSet,
  received: number,
  filter: ObjectFilter,
): { objects: ReadonlyList<ObjectSummary>; count: number } {
  const plain = isPlainFilter(filter);
  const [result, setResult] = useState<Filtered | null>(null);
  const behind = result === null || result.filter !== filter || result.received < received;

  useEffect(() => {
    if (plain || !behind) return;
    const controller = new AbortController();
    const upTo = set.getProgress().received;
    runInSlices(filterSteps(set.summaries, upTo, filter), { signal: controller.signal }).then(
      (objects) => setResult({ objects, filter, received: upTo }),
      () => undefined,
    );
    return () => controller.abort();
    // `received` is left out on purpose: a result being made is not restarted by progress; `result`
    // is in, so that a finished result that is behind starts the next one.
  }, [set, filter, plain, behind, result]);

  // The received order needs no work: the set's own list, as far as it has arrived.
  if (plain) return { objects: set.summaries, count: received };
  if (result === null) return { objects: [], count: 0 };
  return { objects: result.objects, count: result.objects.length };
}
