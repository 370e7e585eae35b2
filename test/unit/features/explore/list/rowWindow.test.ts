import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scrollTopFor, visibleRange } from '../../../../../src/features/explore/list/rowWindow';

const ROW = 28;

describe('visibleRange', () => {
  it('covers the rows in view plus the overscan on each side', () => {
    // Rows 10 to 24 fill the view, 280 px to 700 px.
    expect(visibleRange(280, 420, ROW, 1000, 3)).toEqual({ start: 7, end: 28 });
  });

  it('stops at the first and the last row', () => {
    expect(visibleRange(0, 400, ROW, 1000, 10)).toEqual({ start: 0, end: 25 });
    expect(visibleRange(99_600, 400, ROW, 3572, 10)).toEqual({ start: 3547, end: 3572 });
    expect(visibleRange(0, 400, ROW, 5, 10)).toEqual({ start: 0, end: 5 });
    expect(visibleRange(0, 400, ROW, 0, 10)).toEqual({ start: 0, end: 0 });
  });

  it('is empty when the list shrank below the scroll position', () => {
    expect(visibleRange(28_000, 400, ROW, 100, 10)).toEqual({ start: 100, end: 100 });
  });

  it('holds every row any part of which is in view, and a screenful at most, however long the list', () => {
    fc.assert(
      fc.property(
        fc.nat(3_000_000),
        fc.integer({ min: 1, max: 2000 }),
        fc.nat(200_000),
        fc.nat(20),
        (scrollTop, height, count, overscan) => {
          const { start, end } = visibleRange(scrollTop, height, ROW, count, overscan);
          expect(0 <= start && start <= end && end <= count).toBe(true);
          for (let index = 0; index < count; index += 1) {
            const inView = index * ROW < scrollTop + height && (index + 1) * ROW > scrollTop;
            if (inView) expect(start <= index && index < end).toBe(true);
            if (index * ROW > scrollTop + height) break;
          }
          expect(end - start).toBeLessThanOrEqual(Math.ceil(height / ROW) + 1 + 2 * overscan);
        },
      ),
    );
  });
});

describe('scrollTopFor', () => {
  it('leaves a row in view where it is', () => {
    expect(scrollTopFor(12, 280, 420, ROW)).toBe(280);
  });

  it('brings a row above the view to the top', () => {
    expect(scrollTopFor(3, 280, 420, ROW)).toBe(84);
    expect(scrollTopFor(0, 280, 420, ROW)).toBe(0);
  });

  it('brings a row below the view to the bottom', () => {
    // Row 99 ends at 2800 px.
    expect(scrollTopFor(99, 0, 420, ROW)).toBe(2380);
    // Row 25 (700 to 728 px) is partly in view (290 to 710 px): just enough to show it whole.
    expect(scrollTopFor(25, 290, 420, ROW)).toBe(308);
  });

  it('shows the row whole, and moves only when it was not', () => {
    fc.assert(
      fc.property(
        fc.nat(100_000),
        fc.nat(3_000_000),
        fc.integer({ min: ROW, max: 2000 }),
        (index, scrollTop, height) => {
          const next = scrollTopFor(index, scrollTop, height, ROW);
          expect(next).toBeLessThanOrEqual(index * ROW);
          expect(next + height).toBeGreaterThanOrEqual((index + 1) * ROW);
          const wasWhole = index * ROW >= scrollTop && (index + 1) * ROW <= scrollTop + height;
          if (wasWhole) expect(next).toBe(scrollTop);
          else expect(next === index * ROW || next + height === (index + 1) * ROW).toBe(true);
        },
      ),
    );
  });
});
