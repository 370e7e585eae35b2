import { useEffect } from 'react';
import type { ObjectSet } from '../objects/set/objectSet';

/** Escape stops a running download from anywhere on the page. */
export function useEscapeToCancel(set: ObjectSet, loading: boolean) {
  useEffect(() => {
    if (!loading) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') set.cancel();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [set, loading]);
}
