import { describe, expect, it } from 'vitest';
import {
  MAX_SCROLL_HEIGHT,
  rowWindow,
  scrollTopFor,
  rowAfterKey,
} from '../../../src/lib/rowWindow';

const ROW = 28;
const viewport = (scrollTop: number) => ({ scrollTop, height: 280 });

describe('rowWindow', () => {
  it('draws the rows in view, and a few more, where they sit', () => {
    expect(rowWindow(viewport(0), ROW, 1000, 2)).toEqual({
      start: 0,
      end: 13,
      top: 0,
      height: 28_000,
    });
    expect(rowWindow(viewport(28 * 100 + 14), ROW, 1000, 2)).toEqual({
      start: 98,
      end: 113,
      top: 28 * 98,
      height: 28_000,
    });
    expect(rowWindow(viewport(0), ROW, 3, 2)).toMatchObject({ start: 0, end: 3, height: 84 });
  });

  it('reaches the last of more rows than a browser can lay out', () => {
    const count = 10_000_000;
    const bottom = rowWindow(viewport(MAX_SCROLL_HEIGHT - 280), ROW, count, 0);
    expect(bottom.height).toBe(MAX_SCROLL_HEIGHT);
    expect(bottom.end).toBe(count);
    // The last row ends at the bottom of the viewport.
    expect(bottom.top + (count - bottom.start) * ROW).toBeCloseTo(MAX_SCROLL_HEIGHT, 3);
    const middle = rowWindow(viewport((MAX_SCROLL_HEIGHT - 280) / 2), ROW, count, 0);
    expect(middle.start).toBe(Math.floor((count - 10) / 2));
  });

  it('scrolls as little as needed to show a row whole, at any size', () => {
    expect(scrollTopFor(5, viewport(0), ROW, 1000)).toBe(0);
    expect(scrollTopFor(20, viewport(0), ROW, 1000)).toBe(21 * ROW - 280);
    expect(scrollTopFor(3, viewport(10 * ROW), ROW, 1000)).toBe(3 * ROW);
    expect(scrollTopFor(0, viewport(0), ROW, 5)).toBe(0);
    for (const count of [1000, 10_000_000]) {
      for (const row of [0, 17, Math.floor(count / 3), count - 1]) {
        const scrollTop = scrollTopFor(row, viewport(0), ROW, count);
        const shown = rowWindow(viewport(scrollTop), ROW, count, 0);
        const top = shown.top + (row - shown.start) * ROW - scrollTop;
        expect(top, `row ${row} of ${count}`).toBeGreaterThanOrEqual(-1e-6);
        expect(top + ROW, `row ${row} of ${count}`).toBeLessThanOrEqual(280 + 1e-6);
      }
    }
  });
});

describe('the row a navigation key moves to', () => {
  // A viewport of ten rows of 28 px: a page moves nine rows, one staying in view.
  const move = (key: string, active: number, count = 100) =>
    rowAfterKey(key, active, count, 280, 28);

  it('moves by one, by a screenful less one row, or to either end', () => {
    expect(move('ArrowDown', 4)).toBe(5);
    expect(move('ArrowUp', 4)).toBe(3);
    expect(move('PageDown', 4)).toBe(13);
    expect(move('PageUp', 13)).toBe(4);
    expect(move('Home', 40)).toBe(0);
    expect(move('End', 4)).toBe(99);
  });

  it('stays among the rows, and ignores other keys', () => {
    expect(move('ArrowUp', 0)).toBe(0);
    expect(move('PageDown', 95)).toBe(99);
    expect(move('ArrowDown', 2, 3)).toBe(2);
    expect(move('Enter', 4)).toBeUndefined();
    expect(move('a', 4)).toBeUndefined();
  });
});
