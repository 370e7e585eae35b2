import { useSyncExternalStore } from 'react';
import type { LoadProgress, ObjectSet } from '../speckle/objectSet';
import { loadPhaseOf, type LoadPhase } from './loadPhase';

/** Every progress update (up to four a second): for the small views that show running figures. */
export function useLoadProgress(set: ObjectSet): LoadProgress {
  return useSyncExternalStore(set.subscribe, set.getProgress);
}

/** Only the updates that change the load's phase: for the page that holds the figures. */
export function useLoadPhase(set: ObjectSet): LoadPhase {
  return useSyncExternalStore(set.subscribe, () => loadPhaseOf(set));
}

/** Whether object `id` has arrived: changes once at most, however many objects arrive. */
export function useHasArrived(set: ObjectSet, id: string): boolean {
  return useSyncExternalStore(set.subscribe, () => set.has(id));
}
