import { useEffect, useState } from 'react';
import { compareSteps, type Comparison } from './core/compareVersions';
import { runInSlices } from '../../lib/slices';
import type { ObjectSet } from '../../objects/set/objectSet';
import { compareSideOf } from './compareSide';
import { errorText } from '../../lib/errorText';

type ComparisonState =
  | { state: 'waiting' }
  | { state: 'comparing' }
  | { state: 'done'; comparison: Comparison }
  | { state: 'failed'; message: string };

/**
 * Compares the two sets once both loads have ended (`ready`), in slices of the main thread so the
 * page stays responsive while two large versions are matched and diffed.
 */
export function useComparison(from: ObjectSet, to: ObjectSet, ready: boolean): ComparisonState {
  const [result, setResult] = useState<{ key: unknown; state: ComparisonState } | null>(null);
  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    const done = (state: ComparisonState) => {
      if (!controller.signal.aborted) setResult({ key: [from, to], state });
    };
    // The loader may hold the last bytes back while nobody reads them (ObjectSet.wantBytes).
    Promise.all([from.wantBytes(), to.wantBytes()])
      .then(() =>
        runInSlices(compareSteps(compareSideOf(from), compareSideOf(to)), {
          signal: controller.signal,
        }),
      )
      .then(
        (comparison) => done({ state: 'done', comparison }),
        (error: unknown) =>
          done({
            state: 'failed',
            message: `The comparison failed: ${errorText(error)}`,
          }),
      );
    return () => controller.abort();
  }, [from, to, ready]);
  if (!ready) return { state: 'waiting' };
  const current = result && sameSets(result.key, from, to) ? result.state : null;
  return current ?? { state: 'comparing' };
}

function sameSets(key: unknown, from: ObjectSet, to: ObjectSet): boolean {
  return Array.isArray(key) && key[0] === from && key[1] === to;
}
