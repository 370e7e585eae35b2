/**
 * Which rows of a list of equally tall rows a scrolled viewport shows, for any number of rows.
 * A browser lays out an element at most about 33 million pixels tall (Chromium; Firefox less):
 * past `MAX_SCROLL_HEIGHT` the list keeps that height and the scroll position stands for a
 * proportion of the rows, so that the last one is still in reach.
 */
export const MAX_SCROLL_HEIGHT = 8_000_000;

export interface RowWindow {
  /** Rows `start` up to, not including, `end`, drawn from `top` pixels down the scrolled box. */
  start: number;
  end: number;
  top: number;
  /** The height of the scrolled content. */
  height: number;
}

interface Viewport {
  scrollTop: number;
  height: number;
}

function scaled(count: number, rowHeight: number, viewportHeight: number) {
  const natural = count * rowHeight;
  const height = Math.min(natural, MAX_SCROLL_HEIGHT);
  // The scroll range of the box, and the range of first rows it stands for.
  const scrollRange = Math.max(0, height - viewportHeight);
  const rowRange = Math.max(0, natural - viewportHeight) / rowHeight;
  return { height, scrollRange, rowRange };
}

export function rowWindow(
  { scrollTop, height: viewportHeight }: Viewport,
  rowHeight: number,
  count: number,
  overscan: number,
): RowWindow {
  const { height, scrollRange, rowRange } = scaled(count, rowHeight, viewportHeight);
  const top = Math.min(scrollTop, scrollRange);
  const firstRow = scrollRange === 0 ? 0 : (top / scrollRange) * rowRange;
  const first = Math.floor(firstRow);
  const visible = Math.ceil(viewportHeight / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + visible + overscan);
  // The first row sits where the fraction of it scrolled past puts it.
  return { start, end, top: top - (firstRow - start) * rowHeight, height };
}

/** The scroll position that shows row `index` whole, moving as little as it can. */
export function scrollTopFor(
  index: number,
  viewport: Viewport,
  rowHeight: number,
  count: number,
): number {
  const { scrollRange, rowRange } = scaled(count, rowHeight, viewport.height);
  if (scrollRange === 0) return 0;
  const shown = rowWindow(viewport, rowHeight, count, 0);
  const offset = shown.top + (index - shown.start) * rowHeight - viewport.scrollTop;
  if (offset >= 0 && offset + rowHeight <= viewport.height) return viewport.scrollTop;
  // The row at the top when coming from below, else at the bottom.
  const rowsAbove = offset < 0 ? index : index + 1 - viewport.height / rowHeight;
  const firstRow = Math.max(0, Math.min(rowRange, rowsAbove));
  return (firstRow / rowRange) * scrollRange;
}

/**
 * The row a list's navigation key moves the active row to, kept among the `count` rows; undefined
 * for any other key. Page Up and Down move by a screenful less one row, so one row stays in view.
 */
export function rowAfterKey(
  key: string,
  active: number,
  count: number,
  viewportHeight: number,
  rowHeight: number,
): number | undefined {
  const page = Math.max(1, Math.floor(viewportHeight / rowHeight) - 1);
  const moves: Record<string, number> = {
    ArrowDown: active + 1,
    ArrowUp: active - 1,
    PageDown: active + page,
    PageUp: active - page,
    Home: 0,
    End: count - 1,
  };
  const target = moves[key];
  return target === undefined ? undefined : Math.max(0, Math.min(count - 1, target));
}
