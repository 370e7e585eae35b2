/**
 * What a property table shows, as a plain value: which objects have a row, which columns, and how
 * the rows are filtered, sorted and grouped. The address keeps it (tableUrl.ts), the table's worker
 * builds from it, so a link reproduces the table.
 *
 * A column is a field path written as in the search's query language (speckle/searchQuery.ts):
 * names joined by dots, a name in double quotes when it holds other characters, e.g.
 * `properties."Type Parameters".Construction.Width`. A name also finds a Revit parameter (an object
 * with `name`, `value` and `units`) by its `name`, as the search's field terms do (valuesAt).
 */
import type { MatchOptions } from '../../../speckle/searchQuery';

/** Which objects the table has a row for. */
export type RowSource =
  | { kind: 'all' }
  | { kind: 'type'; speckleType: string }
  /** The objects the search across objects finds for this input. */
  | { kind: 'search'; query: string; options: MatchOptions }
  /** The objects a finding of the model doctor names, by the finding's rule id. */
  | { kind: 'finding'; rule: string };

/** A column's filter; a row is kept when every filter holds for it. */
export type ColumnFilter =
  /** The shown text is exactly this (a number column: the number). */
  | { kind: 'equals'; text: string }
  /** The shown text contains this, case ignored. */
  | { kind: 'contains'; text: string }
  /** A number within the bounds, each included; null leaves that side open. */
  | { kind: 'range'; min: number | null; max: number | null }
  | { kind: 'exists' }
  | { kind: 'missing' };

export interface TableSort {
  column: string;
  descending: boolean;
}

export interface TableSpec {
  source: RowSource;
  columns: string[];
  filters: Array<{ column: string; filter: ColumnFilter }>;
  sort: TableSort | null;
  groupBy: string | null;
}

export const EMPTY_TABLE: TableSpec = {
  source: { kind: 'all' },
  columns: [],
  filters: [],
  sort: null,
  groupBy: null,
};
