import { describe, expect, it } from 'vitest';
import { cellOf, MAX_VALUES } from '../../../../../src/features/table/core/cellText';

const value = (text: string, unit: string | null = null) => ({
  text,
  number: Number.isFinite(Number(text)) ? Number(text) : null,
  unit,
});

describe('a cell from the values a column found', () => {
  it('is nothing without values, and the value itself for one', () => {
    expect(cellOf([])).toBeNull();
    expect(cellOf([value('3.5', 'm')])).toEqual({ text: '3.5', number: 3.5, unit: 'm' });
  });

  it('joins several values with "; ", keeps a shared unit, and is then no number', () => {
    expect(cellOf([value('1', 'm'), value('2', 'm')])).toEqual({
      text: '1; 2',
      number: null,
      unit: 'm',
    });
  });

  it('writes each value’s unit in the text when they differ', () => {
    expect(cellOf([value('1', 'm'), value('2', 'ft'), value('x')])).toEqual({
      text: '1 m; 2 ft; x',
      number: null,
      unit: null,
    });
  });

  it('shows the first values and counts the rest', () => {
    const values = Array.from({ length: MAX_VALUES + 1234 }, (_, index) => value(`v${index}`));
    const cell = cellOf(values)!;
    const parts = cell.text.split('; ');
    expect(parts).toHaveLength(MAX_VALUES + 1);
    expect(parts[0]).toBe('v0');
    expect(parts.at(-1)).toBe('… 1,234 more');
  });
});
