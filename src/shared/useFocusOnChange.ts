import { useEffect, useRef } from 'react';

/**
 * Moves keyboard focus to an element when `key` changes (and on mount), so that a screen reader
 * or keyboard user lands on a new result or error instead of staying on the button that asked.
 * `preventScroll` leaves the scrolling to the caller: focus alone scrolls a tall element as the
 * browser sees fit (Chromium centres it, its top out of sight).
 */
export function useFocusOnChange<T extends HTMLElement>(key: string, options: FocusOptions = {}) {
  const ref = useRef<T>(null);
  const { preventScroll = false } = options;
  useEffect(() => {
    ref.current?.focus({ preventScroll });
  }, [key, preventScroll]);
  return ref;
}
