import { useEffect, useSyncExternalStore } from 'react';
import type { ObjectSet } from '../store/objectSet';
import type { LoadProgress } from '../store/loadProgress';
import { loadPhaseOf, type LoadPhase } from './loadPhase';

/** Every progress update (up to four a second): for the small views that show running figures. */
export function useLoadProgress(set: ObjectSet): LoadProgress {
  return useSyncExternalStore(set.subscribe, set.getProgress);
}

/** Only the updates that change the load's phase: for the page that holds the figures. */
export function useLoadPhase(set: ObjectSet): LoadPhase {
  return useSyncExternalStore(set.subscribe, () => loadPhaseOf(set));
}

/** Whether the set's texts went to disk (ObjectSet.spillTo): changes once at most. */
export function useOnDisk(set: ObjectSet): boolean {
  return useSyncExternalStore(set.subscribe, () => set.spilled);
}

/**
 * Whether object `id` has arrived, and whether its text can be read yet: changes twice at most,
 * however many objects arrive. An object that arrived without its bytes has them asked for, or
 * read back from where they spilled (ObjectSet.wantText).
 */
export function useArrival(set: ObjectSet, id: string): 'absent' | 'held' | 'readable' {
  const arrival = useSyncExternalStore(set.subscribe, () =>
    set.canRead(id) ? 'readable' : set.has(id) ? 'held' : 'absent',
  );
  useEffect(() => {
    if (arrival === 'held') void set.wantText(id);
  }, [set, id, arrival]);
  return arrival;
}
