import { useEffect, useState } from 'react';
import type { ObjectSet } from '../../../objects/set/objectSet';
import { IdNumberMap } from '../../../bytes/idNumberMap';
import { concatBytesSteps } from '../../../bytes/lines';
import { readTopLevelClosureSteps } from '../../../bytes/topLevelFields';
import { afterNextPaint, backgroundTask } from '../../../lib/nextTask';
import { runInSlices } from '../../../lib/slices';

// Both panels of a result need the root's closure, and a model's closure is too long to read
// twice, so it is read once per set and shared, as an IdNumberMap: a million ids as a Map made
// every later full garbage collection a long task. It is asked for when a load ends, and its first
// slice waits for the paint that shows the
// load's end, and for the page's other work then, rather than holding them back. Per root: opened
// files let the person pick another.
const closures = new WeakMap<ObjectSet, Map<string, Promise<ReadonlyMap<string, number>>>>();

function rootClosure(set: ObjectSet, rootId: string): Promise<ReadonlyMap<string, number>> {
  let ofSet = closures.get(set);
  if (!ofSet) closures.set(set, (ofSet = new Map()));
  let closure = ofSet.get(rootId);
  if (!closure) {
    closure = afterNextPaint()
      .then(backgroundTask)
      .then(() =>
        runInSlices(
          closureSteps(set.encodedPieces(rootId) ?? []),
          // A million ids take seconds in slices: an object opened meanwhile goes first.
          { pause: backgroundTask },
        ),
      );
    ofSet.set(rootId, closure);
  }
  return closure;
}

/**
 * The fewest bytes a closure entry of a Speckle id takes (`"` 32 digits `":1,`): the root's text
 * holds at most its length over this many, which the map makes room for at once.
 */
const CLOSURE_ENTRY_BYTES = 37;

function* closureSteps(pieces: readonly Uint8Array[]) {
  const text = yield* concatBytesSteps(pieces);
  const expected = Math.floor(text.length / CLOSURE_ENTRY_BYTES);
  return yield* readTopLevelClosureSteps(text, new IdNumberMap(expected));
}

/**
 * The root's (`rootId`'s) `__closure` as id → depth: null until the root has arrived and been read. Read only
 * once `wanted`: during a load the page's main thread is busy enough, and nothing shows the
 * closure before the load ends but the overview, when it is open.
 */
export function useRootClosure(
  set: ObjectSet,
  rootId: string | null,
  wanted: boolean,
): ReadonlyMap<string, number> | null {
  const [read, setRead] = useState<{
    set: ObjectSet;
    rootId: string;
    closure: ReadonlyMap<string, number>;
  }>();
  useEffect(() => {
    if (rootId === null || !wanted) return;
    let current = true;
    void rootClosure(set, rootId).then((closure) => {
      if (current) setRead({ set, rootId, closure });
    });
    return () => {
      current = false;
    };
  }, [set, rootId, wanted]);
  return read?.set === set && read.rootId === rootId ? read.closure : null;
}
