import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { scrollTopFor, visibleRange } from './rowWindow';

/** Before layout (first paint, jsdom without a box) the list still draws a screenful. */
const FALLBACK_HEIGHT = 400;

interface Viewport {
  scrollTop: number;
  height: number;
}

/**
 * The rows to draw of the scrolling list `scrollRef` holds, whose rows are all `rowHeight` tall.
 * Unlike a virtualiser that measures rows, it keeps nothing per row: a list that grows by thousands
 * of rows on every progress update costs the same as one that does not (`npm run bench:list`
 * replays a load's growth against react-virtual).
 */
export function useFixedRowWindow(
  scrollRef: RefObject<HTMLElement | null>,
  { count, rowHeight, overscan }: { count: number; rowHeight: number; overscan: number },
) {
  const [viewport, setViewport] = useState<Viewport>({ scrollTop: 0, height: FALLBACK_HEIGHT });

  const measure = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const next = viewportOf(element);
    setViewport((current) =>
      current.scrollTop === next.scrollTop && current.height === next.height ? current : next,
    );
  }, [scrollRef]);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    element.addEventListener('scroll', measure, { passive: true });
    if (typeof ResizeObserver !== 'function') {
      measure();
      return () => element.removeEventListener('scroll', measure);
    }
    // The first observation comes once the browser has laid the page out, before it paints; the
    // rows it calls for are drawn before that paint too. Measured here, in the commit, the list
    // would have the browser lay the whole page out in the commit's task, the one that draws a
    // load's first objects.
    const resizes = new ResizeObserver(() => flushSync(measure));
    resizes.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      resizes.disconnect();
    };
  }, [scrollRef, measure]);

  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      if (!element) return;
      const { scrollTop, height } = viewportOf(element);
      element.scrollTop = scrollTopFor(index, scrollTop, height, rowHeight);
      // Draw the rows there in this update rather than at the scroll event a frame later: the
      // active row's option must exist for aria-activedescendant to name it.
      measure();
    },
    [scrollRef, rowHeight, measure],
  );

  const { start, end } = visibleRange(
    viewport.scrollTop,
    viewport.height,
    rowHeight,
    count,
    overscan,
  );
  return {
    start,
    end,
    totalHeight: count * rowHeight,
    viewportHeight: viewport.height,
    scrollToIndex,
  };
}

function viewportOf(element: HTMLElement): Viewport {
  return { scrollTop: element.scrollTop, height: element.clientHeight || FALLBACK_HEIGHT };
}
