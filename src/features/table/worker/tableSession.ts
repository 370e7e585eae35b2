/**
 * The property table as a conversation: the page sends specs; the session reads the set's texts a
 * span at a time (the page names each span's objects; their bytes come from the page or the store:
 * objects/set/spanBytes.ts), builds the table (core/tableBuild.ts), then answers with its counts,
 * its groups and any window of its rows in the shown order. It runs in the table's worker, or on
 * the page where there is no Worker (jsdom), so that both share this code.
 *
 * A spec that keeps the source and reads no new column (a filter, a sort, a grouping by a column
 * already read) is answered from the table built; any other reads the set again. Each read goes
 * over every object once for the rows, then again only over the spans that hold referenced objects
 * the cells wait for. A new spec or a cancel stops the read under way at its next span.
 */
import { decodeSpan } from '../../../bytes/utf8Text';
import { errorText } from '../../../lib/errorText';
import { readSpanBytes, type SpanByteReaders } from '../../../objects/set/spanBytes';
import { ColumnSuggestions } from '../core/columnSuggestions';
import { parseOrUndefined } from '../core/ownFields';
import { rowChoice } from '../core/rowChoice';
import { TableBuild, type BuiltTable } from '../core/tableBuild';
import type { ColumnSuggestion } from '../core/tableRows';
import type { TableSpec } from '../core/tableSpec';
import { rowOrder, tableGroups } from '../core/tableView';
import type { FromTable, TableSpan, ToTable } from './tableMessages';

/** Progress is told at most this often. */
const PROGRESS_MS = 250;

interface Built {
  source: string;
  table: BuiltTable;
}

interface Fetched {
  span: TableSpan;
  bytes: Promise<Uint8Array> | null;
}

/** The columns a spec reads: those shown, filtered, sorted by and grouped by, each once. */
export function columnsRead(spec: TableSpec): string[] {
  const sorted = spec.sort ? [spec.sort.column] : [];
  const grouped = spec.groupBy === null ? [] : [spec.groupBy];
  const filtered = spec.filters.map(({ column }) => column);
  return [...new Set([...spec.columns, ...filtered, ...sorted, ...grouped])];
}

export class TableSession {
  /** The spec being answered; -1 once cancelled. */
  private generation = -1;
  private built: Built | null = null;
  private suggested: { source: string; suggestions: ColumnSuggestion[] } | null = null;
  private shown: { generation: number; spec: TableSpec; order: Uint32Array } | null = null;
  private spanAnswer: { generation: number; from: number; resolve(span: TableSpan): void } | null =
    null;

  constructor(
    private readonly post: (message: FromTable) => void,
    private readonly readers: SpanByteReaders,
  ) {}

  receive(message: Exclude<ToTable, { type: 'open' | 'page-bytes' }>): void {
    switch (message.type) {
      case 'spec':
        return this.answer(message.generation, message.spec, message.findingIds);
      case 'span': {
        const answer = this.spanAnswer;
        if (answer?.generation !== message.generation || answer.from !== message.span.from) return;
        this.spanAnswer = null;
        return answer.resolve(message.span);
      }
      case 'rows':
        return this.rows(message.generation, message.request, message.start, message.end);
      case 'cancel':
        this.generation = -1;
        return;
    }
  }

  private answer(generation: number, spec: TableSpec, findingIds: readonly string[] | null): void {
    this.generation = generation;
    this.shown = null;
    const source = JSON.stringify([
      spec.source,
      spec.source.kind === 'finding' ? findingIds : null,
    ]);
    const columns = columnsRead(spec);
    const { built } = this;
    if (built?.source === source && columns.every((column) => built.table.hasColumn(column))) {
      this.show(generation, spec, built.table);
      this.suggest(generation, built).catch((error: unknown) => this.fail(generation, error));
      return;
    }
    // The table of another source is not kept beside the new one: one table's memory at a time.
    this.built = null;
    this.build(generation, spec, source, columns, findingIds).catch((error: unknown) =>
      this.fail(generation, error),
    );
  }

  private fail(generation: number, error: unknown): void {
    if (generation === this.generation) {
      this.post({ type: 'failed', generation, message: errorText(error) });
    }
  }

  private async build(
    generation: number,
    spec: TableSpec,
    source: string,
    columns: string[],
    findingIds: readonly string[] | null,
  ): Promise<void> {
    const chosen = rowChoice(spec.source, findingIds);
    if (!chosen.ok) throw new Error(chosen.message);
    const started = TableBuild.start(columns, chosen.choice);
    if (!started.ok) throw new Error(started.message);
    const { build } = started;
    if (!(await this.readPass(generation, 0, null, (id, json) => build.add(id, json)))) return;
    for (let pass = 1; build.wanted().size > 0; pass += 1) {
      const wanted = build.wanted();
      const done = await this.readPass(generation, pass, wanted, (id, json) => {
        if (wanted.has(id)) build.resolve(id, json);
      });
      if (!done) return;
      build.endPass();
    }
    const table = build.finish();
    this.built = { source, table };
    this.post({ type: 'built', generation, sourceCount: table.rows });
    this.show(generation, spec, table);
    await this.suggest(generation, this.built);
  }

  /**
   * The columns the rows could have, once per source: every row's object read whole, after the
   * table is shown (the table itself reads only the members its columns need: ownFields.ts).
   */
  private async suggest(generation: number, built: Built): Promise<void> {
    if (this.suggested?.source !== built.source) {
      const { table } = built;
      const ids = new Set<string>();
      for (let row = 0; row < table.rows; row += 1) ids.add(table.idAt(row));
      const found = new ColumnSuggestions();
      const done = await this.readPass(generation, null, ids, (id, json) => {
        if (!ids.has(id)) return;
        const value = parseOrUndefined(json);
        if (value !== undefined) found.add(value);
      });
      if (!done) return;
      this.suggested = { source: built.source, suggestions: found.list() };
    }
    const { suggestions } = this.suggested;
    this.post({ type: 'suggestions', generation, suggestions });
  }

  /**
   * Reads each object of the set once, in order, its text handed to `take`; only the spans that
   * hold one of `only` when it is given; its progress told as `pass` unless null. False when a
   * newer spec stopped it.
   */
  private async readPass(
    generation: number,
    pass: number | null,
    only: ReadonlySet<string> | null,
    take: (id: string, json: string) => void,
  ): Promise<boolean> {
    let read = 0;
    let told = Number.NEGATIVE_INFINITY;
    // One span ahead: its bytes are read while this one's objects are.
    let ahead = this.fetch(generation, 0, only);
    for (;;) {
      const { span, bytes } = await ahead;
      if (generation !== this.generation) return false;
      if (span.ids.length === 0) return true;
      ahead = this.fetch(generation, span.from + span.ids.length, only);
      if (bytes) {
        const data = await bytes;
        if (generation !== this.generation) return false;
        for (let index = 0; index < span.ids.length; index += 1) {
          const size = span.sizes[index]!;
          // A text too large to read is left out, as the search leaves it out.
          if (size < 0) continue;
          const at = span.starts[index]! - span.start;
          take(span.ids[index]!, decodeSpan(data, at, at + size));
        }
      }
      read += span.ids.length;
      // A few times a second: each is a render of the page's table.
      if (pass !== null && performance.now() - told >= PROGRESS_MS) {
        told = performance.now();
        this.post({ type: 'progress', generation, read, total: span.available, pass });
      }
    }
  }

  private async fetch(
    generation: number,
    from: number,
    only: ReadonlySet<string> | null,
  ): Promise<Fetched> {
    const span = await new Promise<TableSpan>((resolve) => {
      this.spanAnswer = { generation, from, resolve };
      this.post({ type: 'want', generation, from });
    });
    const needed = span.length > 0 && (only === null || span.ids.some((id) => only.has(id)));
    const bytes = needed ? readSpanBytes(span, this.readers) : null;
    // Awaited in turn by readPass: a failure meanwhile is not an unhandled one.
    bytes?.catch(() => undefined);
    return { span, bytes };
  }

  private show(generation: number, spec: TableSpec, table: BuiltTable): void {
    const order = rowOrder(table, spec);
    this.shown = { generation, spec, order };
    const groups = tableGroups(table, spec, order);
    this.post({ type: 'view', generation, rowCount: order.length, groups });
  }

  private rows(generation: number, request: number, start: number, end: number): void {
    const { shown, built } = this;
    if (!shown || !built || shown.generation !== generation) return;
    const rows = [];
    for (let place = start; place < Math.min(end, shown.order.length); place += 1) {
      rows.push(built.table.row(shown.order[place]!, shown.spec.columns));
    }
    this.post({ type: 'rows', generation, request, start, rows });
  }
}
