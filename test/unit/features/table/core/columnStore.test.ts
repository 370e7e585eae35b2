import { describe, expect, it } from 'vitest';
import { ColumnStore } from '../../../../../src/features/table/core/columnStore';

describe('a column’s cells, stored compactly', () => {
  it('gives back each cell as it was set: text, number and unit', () => {
    const store = new ColumnStore();
    const cells = [
      { text: '3.2', number: 3.2, unit: 'm' },
      null,
      { text: '3.20', number: 3.2, unit: null },
      { text: 'Level 1', number: null, unit: null },
      { text: 'Level 1', number: null, unit: 'x' },
    ];
    cells.forEach((cell, row) => store.set(row, cell));
    expect(cells.map((_, row) => store.cell(row))).toEqual([
      { text: '3.2', unit: 'm' },
      null,
      { text: '3.20', unit: null },
      { text: 'Level 1', unit: null },
      { text: 'Level 1', unit: 'x' },
    ]);
    expect([0, 1, 2, 3].map((row) => store.number(row))).toEqual([3.2, NaN, 3.2, NaN]);
    expect([0, 1].map((row) => store.has(row))).toEqual([true, false]);
    expect(store.text(1)).toBeNull();
  });

  it('grows past its first size and keeps distinct texts past its dictionary', () => {
    const store = new ColumnStore();
    const rows = 70_000;
    for (let row = 0; row < rows; row += 1) {
      store.set(row, { text: `name ${row % 66_000}`, number: null, unit: null });
    }
    expect(store.size).toBe(rows);
    expect(store.text(0)).toBe('name 0');
    expect(store.text(65_999)).toBe('name 65999');
    expect(store.text(rows - 1)).toBe(`name ${(rows - 1) % 66_000}`);
  });

  it('ranks texts in UTF-16 order, the same in every locale, numbers and missing unranked', () => {
    const store = new ColumnStore();
    ['b', 'B', 'é', 'a', null, '1'].forEach((text, row) =>
      store.set(row, text === null ? null : { text, number: text === '1' ? 1 : null, unit: null }),
    );
    // B (U+0042) comes before a and b; é after them.
    expect([...store.textRanks()]).toEqual([2, 0, 3, 1, -1, -1]);
  });
});
