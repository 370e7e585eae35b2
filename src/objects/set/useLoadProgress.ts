import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ObjectSet } from './objectSet';
import type { LoadProgress } from './loadProgress';
import { loadPhaseOf, type LoadPhase } from './loadPhase';
import { errorText } from '../../lib/errorText';

/** Every progress update (up to four a second): for the small views that show running figures. */
export function useLoadProgress(set: ObjectSet): LoadProgress {
  return useSyncExternalStore(set.subscribe, set.getProgress);
}

/** Only the updates that change the load's phase: for the page that holds the figures. */
export function useLoadPhase(set: ObjectSet): LoadPhase {
  return useSyncExternalStore(set.subscribe, () => loadPhaseOf(set));
}

/** Where the set's texts are (ObjectSet.spillTo): changes once at most. */
export function useTextsStored(set: ObjectSet): LoadProgress['stored'] {
  return useSyncExternalStore(set.subscribe, () => set.getProgress().stored);
}

type Arrival = 'absent' | 'listed' | 'readable';

/**
 * Whether object `id` has arrived, and whether its text can be read yet: changes twice at most,
 * however many objects arrive. An object that arrived without its bytes has them asked for, or
 * read back from where they spilled (ObjectSet.wantText); `readError` says why that failed (a disk
 * read, an opened file changed since).
 */
export function useArrival(
  set: ObjectSet,
  id: string,
): { arrival: Arrival; readError: string | null } {
  const arrival = useSyncExternalStore(set.subscribe, (): Arrival =>
    set.canRead(id) ? 'readable' : set.has(id) ? 'listed' : 'absent',
  );
  const [failed, setFailed] = useState<{ set: ObjectSet; id: string; message: string }>();
  useEffect(() => {
    if (arrival !== 'listed') return;
    let current = true;
    set.wantText(id).catch((error: unknown) => {
      const message = errorText(error);
      if (current) setFailed({ set, id, message });
    });
    return () => {
      current = false;
    };
  }, [set, id, arrival]);
  const readError = failed?.set === set && failed.id === id ? failed.message : null;
  return { arrival, readError: arrival === 'listed' ? readError : null };
}
