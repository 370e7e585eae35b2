import { useEffect, useState } from 'react';
import {
  checkClosureInBatches,
  checkClosureSteps,
  type CheckedRecord,
  type ClosureReport,
} from '../../../speckle/integrity';
import type { LoadProgress } from '../../../objects/set/loadProgress';
import type { ObjectSet } from '../../../objects/set/objectSet';
import { backgroundTask } from '../../../lib/nextTask';
import { inBatches, itemsSoFar } from '../../../lib/readonlyList';
import { runInSlices, type Steps } from '../../../lib/slices';
import { errorText } from '../../../lib/errorText';

export type ClosureCheck =
  | { state: 'waiting' }
  | { state: 'checking' }
  | { state: 'done'; report: ClosureReport }
  | { state: 'failed'; message: string };

/** Records whose texts are read back from opened files, checked this many at a time. */
const FILE_BATCH = 2000;

/**
 * Runs the check once the load has ended (the received set is then final). For a set whose texts
 * are on disk (`stored`), from the index alone: ids, repeats and damage, not the references that
 * only the texts hold, gigabytes to read back. Texts left in opened files are read back a span at
 * a time, as quickly as the page read them in the first place.
 */
export function useClosureCheck(
  set: ObjectSet,
  rootId: string | null,
  closure: ReadonlyMap<string, number> | null,
  ended: boolean,
  stored: LoadProgress['stored'] = 'page',
): ClosureCheck {
  const [result, setResult] = useState<{ set: ObjectSet; closure: unknown; check: ClosureCheck }>();
  useEffect(() => {
    if (!ended || !closure) return;
    const controller = new AbortController();
    // What arrived is all there will be: a retry makes a new set. The check reads every object, for
    // seconds on a large model: the person opening objects meanwhile goes first.
    const run = <Result>(steps: Steps<Result>) =>
      runInSlices(steps, { signal: controller.signal, pause: backgroundTask });
    checkSet(set, rootId, closure, stored, run).then(
      (report) => setResult({ set, closure, check: { state: 'done', report } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = `The check failed: ${errorText(error)}`;
        setResult({ set, closure, check: { state: 'failed', message } });
      },
    );
    return () => controller.abort();
  }, [set, rootId, closure, ended, stored]);
  if (result?.set === set && result.closure === closure) return result.check;
  return ended ? { state: 'checking' } : { state: 'waiting' };
}

/** The check as the set's texts allow: in the page, read back from files, or the index alone. */
function checkSet(
  set: ObjectSet,
  rootId: string | null,
  closure: ReadonlyMap<string, number>,
  stored: LoadProgress['stored'],
  run: <Result>(steps: Steps<Result>) => Promise<Result>,
): Promise<ClosureReport> {
  const records = set.withTexts('records');
  if (!(Symbol.asyncIterator in records)) {
    return run(checkClosureSteps(rootId, closure, itemsSoFar(records)));
  }
  if (stored === 'file') {
    return checkClosureInBatches(rootId, closure, inBatches(records, FILE_BATCH), run);
  }
  return run(checkClosureSteps(rootId, closure, withoutTexts(itemsSoFar(set.records))));
}

const NO_TEXT = new Uint8Array();

/** The records as the index knows them: a text with no references in it. */
function* withoutTexts(records: Iterable<CheckedRecord>): Generator<CheckedRecord> {
  for (const { id, damaged } of records) yield { id, damaged, raw: '', encoded: NO_TEXT };
}
