import { useEffect, useState } from 'react';
import type { ObjectSet } from '../speckle/objectSet';
import { objectSource, type ObjectSource } from './objectSource';

/**
 * An object of the set, decoded and parsed in a task of its own once it has arrived; undefined
 * until then. A model's root arrives with the first block and is megabytes long (4 MB, ~12 ms to
 * decode and ~14 ms to scan, for 100,000 children): done in the render that also draws the list
 * and the overview, and drawn there too, it made one task of 150 ms. Apart, each step stays short.
 * Its text is decoded again from the set's bytes whenever the view needs it, so the view holds
 * none of it.
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
    const timer = setTimeout(() => {
      if (!set.canRead(id)) return;
      const source = objectSource(() => set.raw(id) ?? '');
      setRead({ set, id, source });
    }, 0);
    return () => clearTimeout(timer);
  }, [set, id, readable]);
  return read?.set === set && read.id === id ? read.source : undefined;
}
