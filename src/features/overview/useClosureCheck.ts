import { useEffect, useState } from 'react';
import { checkClosureSteps, type ClosureReport } from '../../speckle/integrity';
import type { ObjectSet } from '../../store/objectSet';
import { backgroundTask } from '../../scheduling/nextTask';
import { itemsSoFar } from '../../scheduling/readonlyList';
import { runInSlices } from '../../scheduling/slices';

export type ClosureCheck =
  | { state: 'waiting' }
  | { state: 'checking' }
  | { state: 'done'; report: ClosureReport }
  | { state: 'failed'; message: string };

/** Runs the check once the load has ended (the received set is then final). */
export function useClosureCheck(
  set: ObjectSet,
  rootId: string | null,
  closure: ReadonlyMap<string, number> | null,
  ended: boolean,
): ClosureCheck {
  const [result, setResult] = useState<{ set: ObjectSet; closure: unknown; check: ClosureCheck }>();
  useEffect(() => {
    if (!ended || !closure) return;
    const controller = new AbortController();
    // What arrived is all there will be: a retry makes a new set. The check reads every object, for
    // seconds on a large model: the person opening objects meanwhile goes first.
    runInSlices(checkClosureSteps(rootId, closure, itemsSoFar(set.records)), {
      signal: controller.signal,
      pause: backgroundTask,
    }).then(
      (report) => setResult({ set, closure, check: { state: 'done', report } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = `The check failed: ${error instanceof Error ? error.message : error}`;
        setResult({ set, closure, check: { state: 'failed', message } });
      },
    );
    return () => controller.abort();
  }, [set, rootId, closure, ended]);
  if (result?.set === set && result.closure === closure) return result.check;
  return ended ? { state: 'checking' } : { state: 'waiting' };
}
