import { useDeferredValue, useSyncExternalStore } from 'react';
import { isLoading, type LoadProgress } from '../../store/loadProgress';

/** A set of objects that may still be arriving (an ObjectSet). */
export interface GrowingObjects {
  subscribe(listener: () => void): () => void;
  getProgress(): LoadProgress;
}

const NOTHING_TO_FOLLOW = () => () => undefined;

/**
 * Whether the objects have stopped arriving (true when there are none to wait for). The view draws
 * again when this changes, not on each arrival; and after the status line has said so: drawn in the
 * same render, the tree held that news back.
 */
export function useLoadSettled(objects: GrowingObjects | null): boolean {
  const settled = useSyncExternalStore(
    objects?.subscribe ?? NOTHING_TO_FOLLOW,
    () => !objects || !isLoading(objects.getProgress()),
  );
  return useDeferredValue(settled);
}
