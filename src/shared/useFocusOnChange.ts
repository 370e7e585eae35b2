import { useEffect, useRef } from 'react';

/**
 * Moves keyboard focus to an element when `key` changes (and on mount), so that a screen reader
 * or keyboard user lands on a new result or error instead of staying on the button that asked.
 */
export function useFocusOnChange<T extends HTMLElement>(key: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [key]);
  return ref;
}
