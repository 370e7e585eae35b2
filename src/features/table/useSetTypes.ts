import { useEffect, useState, useSyncExternalStore } from 'react';
import { GrowingScan } from '../../lib/growingScan';
import type { ObjectSet, StoredRecord } from '../../objects/set/objectSet';
import { useLoadProgress } from '../../objects/set/useLoadProgress';
import { TypeTally, type TypeTotals } from '../../speckle/typeSummary';

/**
 * The set's `speckle_type`s with their counts, most objects first, tallied in time slices from the
 * index the set keeps (nothing is parsed) and following a load that still runs.
 */
export function useSetTypes(set: ObjectSet): TypeTotals[] {
  const { received } = useLoadProgress(set);
  const [scan] = useState(() => {
    const types = new TypeTally();
    return new GrowingScan<StoredRecord, TypeTotals[]>(set.summaries, {
      add: (summary) => types.add(summary),
      result: () => types.totals(),
    });
  });
  useEffect(() => () => scan.stop(), [scan]);
  useEffect(() => scan.scanTo(received), [scan, received]);
  return useSyncExternalStore(scan.subscribe, scan.getSnapshot).result;
}
