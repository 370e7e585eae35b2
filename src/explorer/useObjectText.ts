import { useEffect, useState } from 'react';
import type { ObjectSet } from '../speckle/objectSet';

/**
 * An object's text from the set, decoded in a task of its own once the object has arrived; undefined
 * until then. A model's root arrives with the first block and is megabytes long (4 MB, ~12 ms to
 * decode, for 100,000 children): decoded in the render that also draws the list and the overview,
 * and parsed and drawn there too, it made one task of 150 ms. Apart, each step stays short.
 */
export function useObjectText(set: ObjectSet, id: string, arrived: boolean): string | undefined {
  const [decoded, setDecoded] = useState<{ set: ObjectSet; id: string; text: string }>();
  useEffect(() => {
    if (!arrived) return;
    const timer = setTimeout(() => {
      const text = set.raw(id);
      if (text !== undefined) setDecoded({ set, id, text });
    }, 0);
    return () => clearTimeout(timer);
  }, [set, id, arrived]);
  return decoded?.set === set && decoded.id === id ? decoded.text : undefined;
}
