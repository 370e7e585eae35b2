/** What the page and the property table's worker (tableWorker.ts) tell each other. */
import type { SpanPlace } from '../../../objects/set/spanBytes';
import type { ColumnSuggestion, TableGroup, TableRow } from '../core/tableRows';
import type { TableSpec } from '../core/tableSpec';

/** The objects of one span of the set's texts, in the order received (the search's textSpan). */
export interface TableSpan extends SpanPlace {
  /** The place of the span's first object among the set's objects. */
  from: number;
  ids: string[];
  /** Each object's text: its body offset and size in bytes; a size of -1: not read (too large). */
  starts: number[];
  sizes: number[];
  /** Objects the set holds. */
  available: number;
}

/** Every message about one spec carries its number: answers about an older one are dropped. */
export type ToTable =
  /** Comes first: the store's reader port when the set's texts are off the page, else null. */
  | { type: 'open'; store: MessagePort | null }
  /** A new spec: the worker reads the set again only when the rows or columns need it. */
  | { type: 'spec'; generation: number; spec: TableSpec; findingIds: readonly string[] | null }
  | { type: 'span'; generation: number; span: TableSpan }
  /** Bytes the page holds, as asked for (`page-bytes`), in the pieces of its blocks. */
  | { type: 'page-bytes'; request: number; pieces: Uint8Array[] }
  /** The rows from `start` to `end` (excluded) in the shown order. */
  | { type: 'rows'; generation: number; request: number; start: number; end: number }
  /** Stops the read under way; what it read is dropped. */
  | { type: 'cancel' };

export type FromTable =
  /** The span from object `from` on, asked of the page (empty past the last object). */
  | { type: 'want'; generation: number; from: number }
  /** A few MB of the page's bytes at most, so that copying them is a short task for the page. */
  | { type: 'page-bytes'; request: number; start: number; length: number }
  /** Objects read of the set's `total` (`pass` 0 reads the rows, later ones the references). */
  | { type: 'progress'; generation: number; read: number; total: number; pass: number }
  /** The rows are read: how many the source chose. */
  | { type: 'built'; generation: number; sourceCount: number }
  /** The columns the chosen objects could have: read after the table is shown, once a source. */
  | { type: 'suggestions'; generation: number; suggestions: ColumnSuggestion[] }
  /** The spec's filters, sort and grouping applied. */
  | { type: 'view'; generation: number; rowCount: number; groups: TableGroup[] | null }
  | { type: 'rows'; generation: number; request: number; start: number; rows: TableRow[] }
  | { type: 'failed'; generation: number; message: string };
