import { startTransition, useEffect, useState } from 'react';
import type { ObjectSet } from '../../../objects/set/objectSet';
import { readObjectSource, type ObjectSource } from './objectSource';
import { runInSlices, runNow } from '../../../lib/slices';

/** Texts up to this size are decoded and parsed in one task. */
const ONE_TASK_BYTES = 64 * 1024;

/**
 * An object of the set, decoded in a task of its own once it has arrived and parsed in slices after
 * (a small one at once); undefined until then. A model's root arrives with the first block and is
 * megabytes long: done in the render that also draws the list and the overview, decoding, parsing
 * and drawing it made one long task; apart, each step stays short (docs/loading.md, point 4). Its text is decoded again
 * from the set's bytes whenever the view needs it, so the view holds none of it.
 */
export function useObjectSource(
  set: ObjectSet,
  id: string,
  /** Whether its text can be read yet (useArrival). */
  readable: boolean,
): ObjectSource | undefined {
  const [read, setRead] = useState<{ set: ObjectSet; id: string; source: ObjectSource }>();
  useEffect(() => {
    if (!readable) return;
    // Made here, not beside the text read below: the view keeps this function, and with it every
    // variable of the scope it is made in; there, that was the 4 MB text of a 100k model's root.
    const readText = () => set.raw(id) ?? '';
    const readBytes = () => set.encodedPieces(id) ?? [];
    // Drawing its tree is interruptible work, done in slices: in one task, a big root's tree alone
    // could pass the 50 ms of a long task.
    const show = (source: ObjectSource) => startTransition(() => setRead({ set, id, source }));
    // A small text, nearly every object but a root, is read and parsed at once (well under a
    // millisecond): two tasks more would each wait behind whatever else the page runs then, such
    // as a million-object model's closure check.
    if ((set.summary(id)?.bytes ?? Infinity) <= ONE_TASK_BYTES) {
      show(runNow(readObjectSource(readText, readBytes).parseSteps()));
      return;
    }
    // Parsed in slices: an object of hundreds of thousands of fields takes a second.
    const parsing = new AbortController();
    let timer = setTimeout(() => {
      if (!set.canRead(id)) return;
      const text = readObjectSource(readText, readBytes);
      timer = setTimeout(() => {
        runInSlices(text.parseSteps(), { signal: parsing.signal }).then(show, (error: unknown) => {
          if (!parsing.signal.aborted) throw error;
        });
      }, 0);
    }, 0);
    return () => {
      clearTimeout(timer);
      parsing.abort();
    };
  }, [set, id, readable]);
  return read?.set === set && read.id === id ? read.source : undefined;
}
