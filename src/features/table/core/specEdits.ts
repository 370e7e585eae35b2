/**
 * The changes the table's controls make to its spec, as pure functions: each gives a new spec and
 * keeps the others' parts consistent (a column taken away takes its filter, sort and grouping).
 */
import type { ColumnFilter, RowSource, TableSpec } from './tableSpec';

export function withSource(spec: TableSpec, source: RowSource): TableSpec {
  return { ...spec, source };
}

/** The column added at the end; a column already there stays where it is. */
export function withColumn(spec: TableSpec, column: string): TableSpec {
  if (column === '' || spec.columns.includes(column)) return spec;
  return { ...spec, columns: [...spec.columns, column] };
}

export function withoutColumn(spec: TableSpec, column: string): TableSpec {
  return {
    ...spec,
    columns: spec.columns.filter((other) => other !== column),
    filters: spec.filters.filter((filter) => filter.column !== column),
    sort: spec.sort?.column === column ? null : spec.sort,
    groupBy: spec.groupBy === column ? null : spec.groupBy,
  };
}

/** The column moved `step` places (negative: towards the start), within the columns. */
export function withColumnMoved(spec: TableSpec, column: string, step: number): TableSpec {
  const from = spec.columns.indexOf(column);
  const to = Math.max(0, Math.min(spec.columns.length - 1, from + step));
  if (from < 0 || to === from) return spec;
  const columns = spec.columns.filter((other) => other !== column);
  columns.splice(to, 0, column);
  return { ...spec, columns };
}

/** The column's filter, one per column; null takes it away. */
export function withFilter(
  spec: TableSpec,
  column: string,
  filter: ColumnFilter | null,
): TableSpec {
  const others = spec.filters.filter((other) => other.column !== column);
  return { ...spec, filters: filter ? [...others, { column, filter }] : others };
}

export function filterOf(spec: TableSpec, column: string): ColumnFilter | null {
  return spec.filters.find((other) => other.column === column)?.filter ?? null;
}

/** A header pressed: sorted by its column ascending, then descending, then ascending again. */
export function withSortToggled(spec: TableSpec, column: string): TableSpec {
  const descending = spec.sort?.column === column && !spec.sort.descending;
  return { ...spec, sort: { column, descending } };
}

export function withGrouping(spec: TableSpec, column: string | null): TableSpec {
  return { ...spec, groupBy: column };
}
