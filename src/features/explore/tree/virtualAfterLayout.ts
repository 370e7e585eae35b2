/**
 * A react-virtual list that reads no layout while it mounts. react-virtual reads a mounting row's
 * `offsetHeight`, the scroll box's rect, and scrolls the box to where it already is, each of which
 * lays the whole page out inside React's commit, and made the commit that draws a load's first
 * objects cross 50 ms now and then. Here a ResizeObserver reports the sizes after the frame's own
 * layout, before its paint.
 */
import {
  elementScroll,
  measureElement,
  observeElementRect,
  type Rect,
  type Virtualizer,
} from '@tanstack/react-virtual';

/**
 * A row's height from its ResizeObserver entry. A row that mounts gets the height known already:
 * measured before, or the list's estimate.
 */
export function measureRowAfterLayout<Box extends Element, Row extends Element>(
  row: Row,
  entry: ResizeObserverEntry | undefined,
  virtualizer: Virtualizer<Box, Row>,
): number {
  if (entry) return measureElement(row, entry, virtualizer);
  const index = virtualizer.indexFromElement(row);
  const known = virtualizer.itemSizeCache.get(virtualizer.options.getItemKey(index));
  return known ?? virtualizer.options.estimateSize(index);
}

/** The scroll box's size as a ResizeObserver reports it; `initialRect` holds until it does. */
export function observeBoxAfterLayout<Box extends Element, Row extends Element>(
  virtualizer: Virtualizer<Box, Row>,
  report: (rect: Rect) => void,
): (() => void) | undefined {
  const box = virtualizer.scrollElement;
  if (!box || typeof ResizeObserver !== 'function') return observeElementRect(virtualizer, report);
  const observer = new ResizeObserver(([entry]) => {
    const size = entry?.borderBoxSize[0];
    if (size) report({ width: Math.round(size.inlineSize), height: Math.round(size.blockSize) });
  });
  observer.observe(box, { box: 'border-box' });
  return () => observer.disconnect();
}

const scrolledBoxes = new WeakSet<Element>();

/**
 * Scrolls the box, except on react-virtual's first call for it, made as it mounts, to the offset
 * the box is at already: a box that was never scrolled is at the top.
 */
export function scrollAfterMount<Box extends Element, Row extends Element>(
  offset: number,
  options: Parameters<typeof elementScroll>[1],
  virtualizer: Virtualizer<Box, Row>,
): void {
  const box = virtualizer.scrollElement;
  if (box && !scrolledBoxes.has(box)) {
    scrolledBoxes.add(box);
    if (offset === 0 && !options.adjustments) return;
  }
  elementScroll(offset, options, virtualizer);
}
