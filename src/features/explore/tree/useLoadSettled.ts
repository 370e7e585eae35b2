import { startTransition, useEffect, useState } from 'react';
import { isLoading, type LoadProgress } from '../../../objects/set/loadProgress';

/** A set of objects that may still be arriving (an ObjectSet). */
export interface GrowingObjects {
  subscribe(listener: () => void): () => void;
  getProgress(): LoadProgress;
}

const settledNow = (objects: GrowingObjects | null) =>
  !objects || !isLoading(objects.getProgress());

/**
 * Whether the objects have stopped arriving (true when there are none to wait for). The view draws
 * again when this changes, not on each arrival; and in a transition, after the status line has
 * said so: drawn in the same render, the tree held that news back. An external store's snapshot
 * would draw the tree twice, once at once (and unchanged) with the deferred value.
 */
export function useLoadSettled(objects: GrowingObjects | null): boolean {
  const [seen, setSeen] = useState(() => ({ objects, settled: settledNow(objects) }));
  useEffect(() => {
    if (!objects) return;
    let known: boolean | null = null;
    const update = () => {
      const settled = settledNow(objects);
      if (settled === known) return;
      known = settled;
      startTransition(() =>
        setSeen((last) =>
          last.objects === objects && last.settled === settled ? last : { objects, settled },
        ),
      );
    };
    update();
    return objects.subscribe(update);
  }, [objects]);
  return seen.objects === objects ? seen.settled : settledNow(objects);
}
