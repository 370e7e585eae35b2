/**
 * The rows of a built table as the spec shows them: filtered, sorted, grouped. Rows are numbers
 * (their place in the build), so a million of them sort as a typed array.
 *
 * - A filter looks at the shown text (without its unit): `equals` is the whole text, or, when both
 *   the cell and the filter's text are numbers, the number (`3.2` finds `3.20`); `contains` ignores
 *   case (String.toLowerCase, the same in every locale); `range` keeps numbers within its bounds.
 * - Sorting puts numbers before texts, numbers by value, texts in UTF-16 order (the same in every
 *   locale, unlike localeCompare), rows without a value last whichever the direction, and rows
 *   that compare equal in the order they were read.
 * - Groups are the rows sharing a shown text of the grouping column, in that column's sort order
 *   (its direction when the table is sorted by it), rows without a value last; each with its count
 *   and, per column, the sum, min and max of its numbers. The rows themselves stay in the table's
 *   sort order.
 */
import type { ColumnFilter, TableSpec } from './tableSpec';
import type { TableGroup } from './tableRows';
import type { ColumnStore } from './columnStore';

export interface BuiltColumns {
  rows: number;
  column(name: string): ColumnStore;
}

/** The rows kept by the spec's filters, in its order. */
export function rowOrder(table: BuiltColumns, spec: TableSpec): Uint32Array {
  const filters = spec.filters.map(({ column, filter }) => rowTest(table.column(column), filter));
  const kept = new Uint32Array(table.rows);
  let count = 0;
  for (let row = 0; row < table.rows; row += 1) {
    if (filters.every((test) => test(row))) kept[count++] = row;
  }
  const order = kept.subarray(0, count);
  if (spec.sort) order.sort(rowComparer(table.column(spec.sort.column), spec.sort.descending));
  return order;
}

function rowTest(column: ColumnStore, filter: ColumnFilter): (row: number) => boolean {
  switch (filter.kind) {
    case 'exists':
      return (row) => column.has(row);
    case 'missing':
      return (row) => !column.has(row);
    case 'range': {
      const min = filter.min ?? Number.NEGATIVE_INFINITY;
      const max = filter.max ?? Number.POSITIVE_INFINITY;
      return (row) => {
        const number = column.number(row);
        return number >= min && number <= max;
      };
    }
    case 'contains': {
      const wanted = filter.text.toLowerCase();
      return (row) => column.text(row)?.toLowerCase().includes(wanted) ?? false;
    }
    case 'equals': {
      const wanted = filter.text.trim() === '' ? Number.NaN : Number(filter.text);
      return (row) => {
        const number = column.number(row);
        if (!Number.isNaN(number) && Number.isFinite(wanted)) return number === wanted;
        return column.text(row) === filter.text;
      };
    }
  }
}

/** Numbers, then texts, then rows without a value; equal rows in the order read. */
function rowComparer(column: ColumnStore, descending: boolean): (a: number, b: number) => number {
  const ranks = column.textRanks();
  const sign = descending ? -1 : 1;
  const kind = (row: number) => (!Number.isNaN(column.number(row)) ? 0 : ranks[row] !== -1 ? 1 : 2);
  return (a, b) => {
    const kindA = kind(a);
    const kindB = kind(b);
    if (kindA !== kindB) {
      if (kindA === 2 || kindB === 2) return kindA - kindB;
      return sign * (kindA - kindB);
    }
    const byValue =
      kindA === 0 ? column.number(a) - column.number(b) : kindA === 1 ? ranks[a]! - ranks[b]! : 0;
    return byValue !== 0 ? sign * byValue : a - b;
  };
}

/** The groups of the grouping column's values over `order`; null when the spec does not group. */
export function tableGroups(
  table: BuiltColumns,
  spec: TableSpec,
  order: Uint32Array,
): TableGroup[] | null {
  if (spec.groupBy === null) return null;
  const by = table.column(spec.groupBy);
  const columns = spec.columns.map((name) => table.column(name));
  const groups = new Map<string | null, { group: TableGroup; row: number }>();
  for (const row of order) {
    const value = by.text(row);
    let entry = groups.get(value);
    if (!entry) {
      const numbers = columns.map(() => null);
      entry = { group: { value, count: 0, numbers }, row };
      groups.set(value, entry);
    }
    entry.group.count += 1;
    columns.forEach((column, index) => {
      const number = column.number(row);
      if (Number.isNaN(number)) return;
      const sums = entry.group.numbers[index];
      if (!sums) entry.group.numbers[index] = { sum: number, min: number, max: number };
      else {
        sums.sum += number;
        sums.min = Math.min(sums.min, number);
        sums.max = Math.max(sums.max, number);
      }
    });
  }
  const firsts = new Uint32Array([...groups.values()].map(({ row }) => row));
  const descending = spec.sort?.column === spec.groupBy && spec.sort.descending;
  firsts.sort(rowComparer(by, descending));
  const byRow = new Map([...groups.values()].map(({ group, row }) => [row, group]));
  return [...firsts].map((row) => byRow.get(row)!);
}
