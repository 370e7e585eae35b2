/**
 * The page's side of one set's property table: it sends each spec to the table's channel, keeps
 * what the worker answered about the latest one (its state, counts, groups) and a few thousand of
 * its rows, fetched a block at a time as views ask for them, and reads every row in order for an
 * export. Views read it through useSyncExternalStore (usePropertyTable.ts).
 */
import type { ColumnSuggestion, TableGroup, TableRow } from './core/tableRows';
import type { TableSpec } from './core/tableSpec';
import type { TableAnswer, TableChannel, TableRequest } from './worker/tableChannel';

export type TableState =
  | { status: 'idle' }
  | { status: 'building'; read: number; total: number }
  | { status: 'ready' }
  | { status: 'failed'; message: string }
  | { status: 'cancelled' };

export interface TableSnapshot {
  state: TableState;
  suggestions: ColumnSuggestion[];
  /**
   * How many of the chosen objects the suggestions' counts are over: the first 50,000 at most
   * (all of them below that); null until they are counted.
   */
  suggestedFrom: number | null;
  /** Objects the source chose; null until they are read. */
  sourceCount: number | null;
  /** Rows the filters keep; null until the table is ready. */
  rowCount: number | null;
  groups: TableGroup[] | null;
}

/** Rows asked of the worker at a time, for the views. */
const ROW_BLOCK = 100;
/** Blocks kept: more than any view shows, few enough to be a small part of memory. */
const KEPT_BLOCKS = 50;
/** Rows per message of an export. */
const EXPORT_ROWS = 2_000;

/** A view's block asked for before the table changed is not wanted any more. */
const ignoreChange = () => undefined;

/** A table with no spec, or before its build starts. */
export const IDLE_TABLE: TableSnapshot = {
  state: { status: 'idle' },
  suggestions: [],
  suggestedFrom: null,
  sourceCount: null,
  rowCount: null,
  groups: null,
};

export class TableClient {
  private snapshot: TableSnapshot = IDLE_TABLE;
  private readonly listeners = new Set<() => void>();
  private generation = 0;
  private source = '';
  private nextRequest = 0;
  /** Blocks of rows of the current view, by block number, oldest first. */
  private blocks = new Map<number, TableRow[]>();
  private readonly asked = new Set<number>();
  private readonly answers = new Map<
    number,
    { resolve(rows: TableRow[]): void; reject(error: Error): void }
  >();
  private channel: TableChannel;

  constructor(private readonly open: (onAnswer: (answer: TableAnswer) => void) => TableChannel) {
    this.channel = open((answer) => this.take(answer));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): TableSnapshot => this.snapshot;

  /** A new spec: the answers about the one before are dropped. */
  setSpec(spec: TableSpec, findingIds: readonly string[] | null): void {
    this.generation += 1;
    this.forgetRows();
    const state: TableState = { status: 'building', read: 0, total: 0 };
    const source = JSON.stringify([spec.source, findingIds]);
    // The suggestions of the same objects stay until the worker says them again.
    const same = source === this.source;
    this.source = source;
    this.update({
      ...this.snapshot,
      state,
      rowCount: null,
      groups: null,
      ...(same ? {} : { suggestions: [], suggestedFrom: null, sourceCount: null }),
    });
    this.send({ type: 'spec', generation: this.generation, spec, findingIds });
  }

  /**
   * Stops the table being built. Its channel is closed and another opened: a worker busy in one
   * object (a search's regular expression that backtracks) hears no message, but ends.
   */
  cancel(): void {
    if (this.snapshot.state.status !== 'building') return;
    this.generation += 1;
    this.forgetRows();
    this.channel.close();
    this.channel = this.open((answer) => this.take(answer));
    this.update({ ...this.snapshot, state: { status: 'cancelled' } });
  }

  /** The rows from `start` to `end` fetched so far; the others are asked for. */
  rowsAt(start: number, end: number): Array<TableRow | undefined> {
    const rows: Array<TableRow | undefined> = [];
    const count = this.snapshot.rowCount ?? 0;
    const stop = Math.min(end, count);
    for (let place = Math.max(0, start); place < stop; place += 1) {
      const block = Math.floor(place / ROW_BLOCK);
      const rowsOfBlock = this.blocks.get(block);
      if (!rowsOfBlock) this.ask(block);
      rows.push(rowsOfBlock?.[place - block * ROW_BLOCK]);
    }
    return rows;
  }

  /** Every row of the current view in order, a chunk at a time; rejects when the table changes. */
  async readAllRows(
    onRows: (rows: TableRow[]) => Promise<void>,
    signal: AbortSignal,
  ): Promise<void> {
    const count = this.snapshot.rowCount;
    if (this.snapshot.state.status !== 'ready' || count === null) {
      throw new Error('The table is not ready.');
    }
    for (let start = 0; start < count; start += EXPORT_ROWS) {
      signal.throwIfAborted();
      const rows = await this.request(start, Math.min(count, start + EXPORT_ROWS));
      signal.throwIfAborted();
      await onRows(rows);
    }
  }

  close(): void {
    this.generation += 1;
    this.forgetRows();
    this.channel.close();
    this.listeners.clear();
  }

  private take(answer: TableAnswer): void {
    if (answer.generation !== this.generation) return;
    switch (answer.type) {
      case 'progress': {
        const state: TableState = { status: 'building', read: answer.read, total: answer.total };
        return this.update({ ...this.snapshot, state });
      }
      case 'built':
        return this.update({ ...this.snapshot, sourceCount: answer.sourceCount });
      case 'suggestions': {
        const { suggestions, from } = answer;
        return this.update({ ...this.snapshot, suggestions, suggestedFrom: from });
      }
      case 'view': {
        const { rowCount, groups } = answer;
        return this.update({ ...this.snapshot, state: { status: 'ready' }, rowCount, groups });
      }
      case 'rows': {
        const waiting = this.answers.get(answer.request);
        this.answers.delete(answer.request);
        return waiting?.resolve(answer.rows);
      }
      case 'failed':
        return this.update({
          ...this.snapshot,
          state: { status: 'failed', message: answer.message },
        });
    }
  }

  private ask(block: number): void {
    if (this.asked.has(block)) return;
    this.asked.add(block);
    const { generation } = this;
    const start = block * ROW_BLOCK;
    this.request(start, start + ROW_BLOCK).then((rows) => {
      if (generation !== this.generation) return;
      this.asked.delete(block);
      this.blocks.set(block, rows);
      for (const old of this.blocks.keys()) {
        if (this.blocks.size <= KEPT_BLOCKS) break;
        this.blocks.delete(old);
      }
      // A new snapshot object, so that the views read the new rows.
      this.update({ ...this.snapshot });
    }, ignoreChange);
  }

  private request(start: number, end: number): Promise<TableRow[]> {
    const request = (this.nextRequest += 1);
    return new Promise((resolve, reject) => {
      this.answers.set(request, { resolve, reject });
      this.send({ type: 'rows', generation: this.generation, request, start, end });
    });
  }

  /** Drops the rows of the view before; an export of it stops. */
  private forgetRows(): void {
    this.blocks = new Map();
    this.asked.clear();
    const changed = new Error('The table changed before all its rows were read.');
    for (const { reject } of this.answers.values()) reject(changed);
    this.answers.clear();
  }

  private send(message: TableRequest): void {
    this.channel.send(message);
  }

  private update(snapshot: TableSnapshot): void {
    this.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }
}
