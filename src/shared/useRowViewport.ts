/**
 * The viewport of a scrolled box of equally tall rows (lib/rowWindow.ts), kept in step with its
 * scrolling and size, and scrolled so that the active row is in view as it moves by keyboard: the
 * search's results and the property table draw only the rows it shows.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';
import { rowWindow, scrollTopFor } from '../lib/rowWindow';

interface RowViewportOptions {
  rowHeight: number;
  rowCount: number;
  overscan: number;
  /** Before layout (jsdom has none) the box still draws a screenful. */
  fallbackHeight: number;
  /** A head that stays on top of the scrolled box: the rows are seen below it. */
  headHeight?: number;
}

function rowsHeight(
  element: HTMLElement,
  rowHeight: number,
  fallbackHeight: number,
  headHeight: number,
): number {
  return Math.max(rowHeight, (element.clientHeight || fallbackHeight) - headHeight);
}

export function useRowViewport(
  boxRef: RefObject<HTMLElement | null>,
  active: number,
  { rowHeight, rowCount, overscan, fallbackHeight, headHeight = 0 }: RowViewportOptions,
) {
  const [viewport, setViewport] = useState({ scrollTop: 0, height: fallbackHeight });

  useLayoutEffect(() => {
    const element = boxRef.current;
    if (!element) return;
    const measure = () =>
      setViewport({
        scrollTop: element.scrollTop,
        height: rowsHeight(element, rowHeight, fallbackHeight, headHeight),
      });
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    // The box grows with its first rows, up to its greatest height.
    const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    resizes?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      resizes?.disconnect();
    };
  }, [boxRef, rowHeight, fallbackHeight, headHeight]);

  useLayoutEffect(() => {
    const element = boxRef.current;
    if (!element || rowCount === 0) return;
    const height = rowsHeight(element, rowHeight, fallbackHeight, headHeight);
    const next = scrollTopFor(
      active,
      { scrollTop: element.scrollTop, height },
      rowHeight,
      rowCount,
    );
    if (next !== element.scrollTop) {
      element.scrollTop = next;
      setViewport({ scrollTop: element.scrollTop, height });
    }
  }, [active, rowCount, boxRef, rowHeight, fallbackHeight, headHeight]);

  return {
    viewport,
    setViewport,
    shown: rowWindow(viewport, rowHeight, rowCount, overscan),
  };
}
