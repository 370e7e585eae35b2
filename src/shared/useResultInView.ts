import { useEffect } from 'react';
import { useFocusOnChange } from './useFocusOnChange';

/**
 * A new result (a lookup's, a pair's differences) takes the focus and, when it starts in the lower half of the window or below it,
 * comes up to the window's top. In one column (narrow windows) the result comes after the lookup
 * form and the example list, ~2,000 px down: focus alone scrolled only its first lines into view, and
 * a lookup seemed to do nothing. Beside the form (wide windows) it starts near the top and stays.
 * A result whose top is above the window (a lookup made from further down) comes down to it too.
 *
 * Where the result starts is asked of an IntersectionObserver, which answers after the browser's
 * next layout: reading it from the element made the browser lay the page out at once, in the
 * middle of a load whose first objects had just been drawn.
 */
export function useResultInView<T extends HTMLElement>(key: string) {
  const ref = useFocusOnChange<T>(key, { preventScroll: true });
  useEffect(() => {
    const element = ref.current;
    // jsdom has no layout, and no observer.
    if (!element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(([entry]) => {
      observer.disconnect();
      const top = entry?.boundingClientRect.top;
      if (top !== undefined && (top > window.innerHeight / 2 || top < 0)) {
        element.scrollIntoView({ block: 'start' });
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [key, ref]);
  return ref;
}
