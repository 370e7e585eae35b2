import { describe, expect, it } from 'vitest';
import { ColumnStore } from '../../../../../src/features/table/core/columnStore';
import { rowOrder, tableGroups } from '../../../../../src/features/table/core/tableView';
import { EMPTY_TABLE, type TableSpec } from '../../../../../src/features/table/core/tableSpec';

type Cell = string | number | null;

/** A built table of these rows, a column per key. */
function tableOf(rows: Array<Record<string, Cell>>) {
  const names = Object.keys(rows[0]!);
  const stores = new Map(names.map((name) => [name, new ColumnStore()]));
  rows.forEach((row, index) => {
    for (const name of names) {
      const cell = row[name]!;
      stores
        .get(name)!
        .set(
          index,
          cell === null
            ? null
            : { text: String(cell), number: typeof cell === 'number' ? cell : null, unit: null },
        );
    }
  });
  return { rows: rows.length, column: (name: string) => stores.get(name)! };
}

const table = tableOf([
  { type: 'Wall', height: 3, level: 'Level 2' },
  { type: 'Door', height: 2.1, level: 'Level 1' },
  { type: 'wall', height: null, level: 'Level 2' },
  { type: 'Wall', height: 10, level: null },
  { type: null, height: 'tall', level: 'Level 1' },
  { type: 'Window', height: 2.1, level: 'Level 2' },
]);
const spec = (more: Partial<TableSpec>): TableSpec => ({
  ...EMPTY_TABLE,
  columns: ['type', 'height', 'level'],
  ...more,
});
const order = (more: Partial<TableSpec>) => [...rowOrder(table, spec(more))];

describe('the rows of a table as the spec shows them', () => {
  it('keeps the order read without a sort', () => {
    expect(order({})).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('sorts numbers as numbers before texts, missing last, ties in the order read', () => {
    const sort = { column: 'height', descending: false };
    expect(order({ sort })).toEqual([1, 5, 0, 3, 4, 2]);
    expect(order({ sort: { ...sort, descending: true } })).toEqual([4, 3, 0, 1, 5, 2]);
  });

  it('sorts texts in UTF-16 order, not by locale', () => {
    expect(order({ sort: { column: 'type', descending: false } })).toEqual([1, 0, 3, 5, 2, 4]);
  });

  it('filters: equals, a number equal as a number, contains ignoring case, range, exists, missing', () => {
    const filter = (column: string, f: TableSpec['filters'][number]['filter']) =>
      order({ filters: [{ column, filter: f }] });
    expect(filter('type', { kind: 'equals', text: 'Wall' })).toEqual([0, 3]);
    expect(filter('height', { kind: 'equals', text: '2.10' })).toEqual([1, 5]);
    expect(filter('height', { kind: 'equals', text: 'tall' })).toEqual([4]);
    expect(filter('type', { kind: 'contains', text: 'WAL' })).toEqual([0, 2, 3]);
    expect(filter('height', { kind: 'range', min: 2.5, max: null })).toEqual([0, 3]);
    expect(filter('height', { kind: 'range', min: null, max: 3 })).toEqual([0, 1, 5]);
    expect(filter('level', { kind: 'exists' })).toEqual([0, 1, 2, 4, 5]);
    expect(filter('level', { kind: 'missing' })).toEqual([3]);
  });

  it('keeps a row only when every filter holds', () => {
    const filters: TableSpec['filters'] = [
      { column: 'level', filter: { kind: 'equals', text: 'Level 2' } },
      { column: 'height', filter: { kind: 'exists' } },
    ];
    expect(order({ filters })).toEqual([0, 5]);
  });

  it('groups by a column with counts and each column’s numbers, missing last', () => {
    const grouped = spec({ groupBy: 'level' });
    expect(tableGroups(table, grouped, rowOrder(table, grouped))).toEqual([
      { value: 'Level 1', count: 2, numbers: [null, { sum: 2.1, min: 2.1, max: 2.1 }, null] },
      { value: 'Level 2', count: 3, numbers: [null, { sum: 5.1, min: 2.1, max: 3 }, null] },
      { value: null, count: 1, numbers: [null, { sum: 10, min: 10, max: 10 }, null] },
    ]);
  });

  it('orders groups the way the table is sorted by their column, and counts only rows kept', () => {
    const grouped = spec({
      groupBy: 'level',
      sort: { column: 'level', descending: true },
      filters: [{ column: 'type', filter: { kind: 'exists' } }],
    });
    const groups = tableGroups(table, grouped, rowOrder(table, grouped))!;
    expect(groups.map(({ value, count }) => [value, count])).toEqual([
      ['Level 2', 3],
      ['Level 1', 1],
      [null, 1],
    ]);
  });

  it('has no groups without a grouping column', () => {
    expect(tableGroups(table, spec({}), rowOrder(table, spec({})))).toBeNull();
  });
});
