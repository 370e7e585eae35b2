/**
 * What the table's worker answers about a built table: the columns it could offer, the rows in
 * the order shown, the groups. The page asks for the rows it draws, a window at a time; it never
 * holds a million rows.
 */

/** A column the chosen objects could have, with how many of them have it. */
export interface ColumnSuggestion {
  /** The column's path, as TableSpec.columns holds it. */
  column: string;
  /** How many of the chosen objects have a value there. */
  count: number;
  /** Whether every value found there is a number (offers a number range, sums when grouped). */
  numeric: boolean;
}

/** One cell: exactly the text shown (and exported), and the unit shown beside it. */
export interface TableCell {
  text: string;
  /** `units` of the parameter or of the object the value belongs to, when it has one. */
  unit: string | null;
}

export interface TableRow {
  /** The object's id: a row opens it. */
  id: string;
  /** One per column of the spec, in its order; null where the object has no value there. */
  cells: Array<TableCell | null>;
}

/** The rows sharing one value of the grouping column. */
export interface TableGroup {
  /** The shown text of the value, or null for the rows without one. */
  value: string | null;
  count: number;
  /** One per column of the spec: sum, min and max of the group's numbers there; null for a column
   * without numbers. */
  numbers: Array<{ sum: number; min: number; max: number } | null>;
}
