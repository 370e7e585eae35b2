/**
 * The property table as a conversation: the page sends specs; the session reads the set's texts a
 * span at a time (the page names each span's objects; their bytes come from the page or the store:
 * objects/spans/spanBytes.ts), builds the table (core/tableBuild.ts), then answers with its counts,
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
import { type SpanByteReaders } from '../../../objects/spans/spanBytes';
import { eachText, readSpans } from '../../../objects/spans/spanReading';
import type { ObjectSpan } from '../../../objects/spans/textSpans';
import { ColumnSuggestions } from '../core/columnSuggestions';
import { parseOrUndefined } from '../core/ownFields';
import { rowChoice } from '../core/rowChoice';
import { TableBuild, type BuiltTable } from '../core/tableBuild';
import type { ColumnSuggestion } from '../core/tableRows';
import type { TableSpec } from '../core/tableSpec';
import { rowOrder, tableGroups } from '../core/tableView';
import type { FromTable, ToTable } from './tableMessages';

/**
 * Suggestions count the paths of the objects of this many rows at most: reading a million objects
 * whole would cost as much as the table again, and a model's kinds of objects show long before.
 */
const SUGGESTED_FROM = 50_000;
/** Progress is told at most this often. */
const PROGRESS_MS = 250;

interface Built {
  source: string;
  table: BuiltTable;
}

/** The columns a spec reads: those shown, filtered, sorted by and grouped by, each once. */
function columnsRead(spec: TableSpec): string[] {
  const sorted = spec.sort ? [spec.sort.column] : [];
  const grouped = spec.groupBy === null ? [] : [spec.groupBy];
  const filtered = spec.filters.map(({ column }) => column);
  return [...new Set([...spec.columns, ...filtered, ...sorted, ...grouped])];
}

export class TableSession {
  /** The spec being answered; -1 once cancelled. */
  private generation = -1;
  /** The read of the set under way: a new one, or a cancel, stops the one before. */
  private read = 0;
  private building: { read: number; source: string; columns: string[]; spec: TableSpec } | null =
    null;
  private suggesting: { read: number; source: string } | null = null;
  private built: Built | null = null;
  private suggested: { source: string; suggestions: ColumnSuggestion[]; from: number } | null =
    null;
  private shown: { generation: number; spec: TableSpec; order: Uint32Array } | null = null;
  private spanAnswer: { read: number; from: number; resolve(span: ObjectSpan): void } | null = null;

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
        if (answer?.read !== message.read || answer.from !== message.span.from) return;
        this.spanAnswer = null;
        return answer.resolve(message.span);
      }
      case 'rows':
        return this.rows(message.generation, message.request, message.start, message.end);
      case 'cancel':
        this.generation = -1;
        this.stopReading();
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
    const { built, building } = this;
    if (built?.source === source && columns.every((column) => built.table.hasColumn(column))) {
      this.show(spec, built.table);
      this.suggest(built);
      return;
    }
    // A build under way for the same rows and columns answers this spec once it is done.
    if (
      building?.source === source &&
      columns.every((column) => building.columns.includes(column))
    ) {
      building.spec = spec;
      return;
    }
    this.stopReading();
    // The table of another source is not kept beside the new one: one table's memory at a time.
    this.built = null;
    const read = this.read;
    this.building = { read, source, columns, spec };
    this.build(read, spec, source, columns, findingIds).catch((error: unknown) =>
      this.fail(read, error),
    );
  }

  private stopReading(): void {
    this.read += 1;
    this.building = null;
    this.suggesting = null;
  }

  private fail(read: number, error: unknown): void {
    if (read !== this.read || this.generation === -1) return;
    this.building = null;
    this.suggesting = null;
    this.post({ type: 'failed', generation: this.generation, message: errorText(error) });
  }

  private async build(
    read: number,
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
    if (!(await this.readPass(read, 0, null, (id, json) => build.add(id, json)))) return;
    for (let pass = 1; build.wanted().size > 0; pass += 1) {
      const wanted = build.wanted();
      const done = await this.readPass(read, pass, wanted, (id, json) => {
        if (wanted.has(id)) build.resolve(id, json);
      });
      if (!done) return;
      build.endPass();
    }
    const table = build.finish();
    this.built = { source, table };
    const answered = this.building!.spec;
    this.building = null;
    this.post({ type: 'built', generation: this.generation, sourceCount: table.rows });
    this.show(answered, table);
    this.suggest(this.built);
  }

  /**
   * The columns the rows could have, once per source: the objects of the first `SUGGESTED_FROM`
   * rows read whole, after the table is shown (the table itself reads only the members its
   * columns need: ownFields.ts). Told for the spec being answered when they are ready.
   */
  private suggest(built: Built): void {
    if (this.suggested?.source === built.source) {
      const { suggestions, from } = this.suggested;
      this.post({ type: 'suggestions', generation: this.generation, suggestions, from });
      return;
    }
    if (this.suggesting?.source === built.source) return;
    const { read } = this;
    this.suggesting = { read, source: built.source };
    const { table } = built;
    const ids = new Set<string>();
    for (let row = 0; row < Math.min(table.rows, SUGGESTED_FROM); row += 1)
      ids.add(table.idAt(row));
    const found = new ColumnSuggestions();
    this.readPass(read, null, ids, (id, text) => {
      if (!ids.has(id)) return;
      const value = parseOrUndefined(decodeSpan(text, 0, text.length));
      if (value !== undefined) found.add(value);
    }).then(
      (done) => {
        if (!done) return;
        this.suggesting = null;
        const from = ids.size;
        this.suggested = { source: built.source, suggestions: found.list(), from };
        this.suggest(built);
      },
      (error: unknown) => this.fail(read, error),
    );
  }

  /**
   * Reads each object of the set once, in order, its UTF-8 text handed to `take`; only the spans that
   * hold one of `only` when it is given; its progress told as `pass` unless null. False when a
   * newer read stopped it.
   */
  private async readPass(
    read: number,
    pass: number | null,
    only: ReadonlySet<string> | null,
    take: (id: string, text: Uint8Array) => void,
  ): Promise<boolean> {
    let objects = 0;
    let told = Number.NEGATIVE_INFINITY;
    const want = (from: number) =>
      new Promise<ObjectSpan>((resolve) => {
        this.spanAnswer = { read, from, resolve };
        this.post({ type: 'want', read, from });
      });
    const needs = only && ((span: ObjectSpan) => span.ids.some((id) => only.has(id)));
    for await (const spanRead of readSpans(want, this.readers, needs ?? undefined)) {
      if (read !== this.read) return false;
      eachText(spanRead, take);
      const { span } = spanRead;
      objects += span.ids.length;
      // A few times a second: each is a render of the page's table.
      if (pass !== null && performance.now() - told >= PROGRESS_MS) {
        told = performance.now();
        const { generation } = this;
        this.post({ type: 'progress', generation, read: objects, total: span.available, pass });
      }
    }
    return read === this.read;
  }

  private show(spec: TableSpec, table: BuiltTable): void {
    const { generation } = this;
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
