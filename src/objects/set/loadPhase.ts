/**
 * What a load's progress means to the page around the live figures: whether it runs, how it ended,
 * whether anything (or anything twice) has arrived. Progress changes up to four times a second while
 * objects arrive; its phase changes a few times a load, so the page re-renders only then and the
 * figures that tick re-render by themselves.
 */
import type { ApiError } from '../../api/apiError';
import { type ObjectSet } from './objectSet';
import { isLoading, type LoadProgress } from './loadProgress';

export interface LoadPhase {
  status: LoadProgress['status'];
  loading: boolean;
  error: ApiError | null;
  retry: LoadProgress['retry'];
  expected: number | null;
  anyReceived: boolean;
  anyDuplicates: boolean;
  finishedAt: number | null;
}

// useSyncExternalStore compares snapshots by identity: the phase object is kept per set and
// replaced only when it would differ.
const phases = new WeakMap<ObjectSet, LoadPhase>();

/** The set's phase now: the same object as last time unless something but the counters changed. */
export function loadPhaseOf(set: ObjectSet): LoadPhase {
  const phase = phaseOf(set.getProgress());
  const previous = phases.get(set);
  if (previous && samePhase(previous, phase)) return previous;
  phases.set(set, phase);
  return phase;
}

function phaseOf(progress: LoadProgress): LoadPhase {
  return {
    status: progress.status,
    loading: isLoading(progress),
    error: progress.error,
    retry: progress.retry,
    expected: progress.expected,
    anyReceived: progress.received > 0,
    anyDuplicates: progress.duplicates > 0,
    finishedAt: progress.finishedAt,
  };
}

function samePhase(a: LoadPhase, b: LoadPhase): boolean {
  return (Object.keys(a) as Array<keyof LoadPhase>).every((key) => a[key] === b[key]);
}
