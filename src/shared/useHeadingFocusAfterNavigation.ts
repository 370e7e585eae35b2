import { useEffect, useRef, type RefObject } from 'react';

/**
 * After a move to another page, the page's main heading takes the focus when nothing else did: the
 * link or button the user pressed is often gone with the page it was on, and the focus would fall
 * back to `body`, where a screen reader starts reading from the top. A page that focuses something
 * of its own (a result, an alert) keeps it. A page drawn before its heading (it reads the server
 * first) gets the focus on its heading once it comes, unless the user has moved on by then.
 */
export function useHeadingFocusAfterNavigation(
  main: RefObject<HTMLElement | null>,
  pageKey: string,
): void {
  const shown = useRef(pageKey);
  useEffect(() => {
    const element = main.current;
    // The page the app opens on keeps the browser's focus: nothing was pressed to get there.
    if (shown.current === pageKey || !element) return;
    shown.current = pageKey;
    const focusHeading = (): boolean => {
      const active = document.activeElement;
      if (active && active !== document.body) return true;
      const heading = element.querySelector<HTMLElement>('h2');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [main, pageKey]);
}
