import { useEffect, useState } from 'react';
import { checkClosureSteps, type CheckedRecord, type ClosureReport } from '../../speckle/integrity';
import type { ObjectSet } from '../../store/objectSet';
import { backgroundTask } from '../../scheduling/nextTask';
import { itemsSoFar } from '../../scheduling/readonlyList';
import { runInSlices } from '../../scheduling/slices';

export type ClosureCheck =
  | { state: 'waiting' }
  | { state: 'checking' }
  | { state: 'done'; report: ClosureReport }
  | { state: 'failed'; message: string };

/**
 * Runs the check once the load has ended (the received set is then final). For a set whose texts
 * are on disk (`onDisk`), from the index alone: ids, repeats and damage, not the references that
 * only the texts hold.
 */
export function useClosureCheck(
  set: ObjectSet,
  rootId: string | null,
  closure: ReadonlyMap<string, number> | null,
  ended: boolean,
  onDisk = false,
): ClosureCheck {
  const [result, setResult] = useState<{ set: ObjectSet; closure: unknown; check: ClosureCheck }>();
  useEffect(() => {
    if (!ended || !closure) return;
    const controller = new AbortController();
    // What arrived is all there will be: a retry makes a new set. The check reads every object, for
    // seconds on a large model: the person opening objects meanwhile goes first.
    const records = itemsSoFar(set.records);
    runInSlices(checkClosureSteps(rootId, closure, onDisk ? withoutTexts(records) : records), {
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
  }, [set, rootId, closure, ended, onDisk]);
  if (result?.set === set && result.closure === closure) return result.check;
  return ended ? { state: 'checking' } : { state: 'waiting' };
}

const NO_TEXT = new Uint8Array();

/** The records as the index knows them: a text with no references in it. */
function* withoutTexts(records: Iterable<CheckedRecord>): Generator<CheckedRecord> {
  for (const { id, damaged } of records) yield { id, damaged, raw: '', encoded: NO_TEXT };
}
