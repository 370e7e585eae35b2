/** What the page and the property table's worker (tableWorker.ts) tell each other. */
import type { ObjectSpan } from '../../../objects/spans/textSpans';
import type { ColumnSuggestion, TableGroup, TableRow } from '../core/tableRows';
import type { TableSpec } from '../core/tableSpec';

/**
 * Every message about one spec carries its number: answers about an older one are dropped. A spec
 * answered by the read under way (the same rows and columns) gets that read's answers.
 */
export type ToTable =
  /** Comes first: the store's reader port when the set's texts are off the page, else null. */
  | { type: 'open'; store: MessagePort | null }
  /** A new spec: the worker reads the set again only when the rows or columns need it. */
  | { type: 'spec'; generation: number; spec: TableSpec; findingIds: readonly string[] | null }
  /** The span a `want` asked for, with the number of the read that asked. */
  | { type: 'span'; read: number; span: ObjectSpan }
  /** Bytes the page holds, as asked for (`page-bytes`), in the pieces of its blocks. */
  | { type: 'page-bytes'; request: number; pieces: Uint8Array[] }
  /** The rows from `start` to `end` (excluded) in the shown order. */
  | { type: 'rows'; generation: number; request: number; start: number; end: number }
  /** Stops the read under way; what it read is dropped. */
  | { type: 'cancel' };

export type FromTable =
  /** The span from object `from` on, asked of the page (empty past the last object). */
  | { type: 'want'; read: number; from: number }
  /** A few MB of the page's bytes at most, so that copying them is a short task for the page. */
  | { type: 'page-bytes'; request: number; start: number; length: number }
  /** Objects read of the set's `total` (`pass` 0 reads the rows, later ones the references). */
  | { type: 'progress'; generation: number; read: number; total: number; pass: number }
  /** The rows are read: how many the source chose. */
  | { type: 'built'; generation: number; sourceCount: number }
  /**
   * The columns the chosen objects could have, counted over the objects of the first `from` rows:
   * read after the table is shown, once a source.
   */
  | { type: 'suggestions'; generation: number; suggestions: ColumnSuggestion[]; from: number }
  /** The spec's filters, sort and grouping applied. */
  | { type: 'view'; generation: number; rowCount: number; groups: TableGroup[] | null }
  | { type: 'rows'; generation: number; request: number; start: number; rows: TableRow[] }
  | { type: 'failed'; generation: number; message: string };
