/**
 * A table built from the objects' texts, read in the order the set holds them: the rows the source
 * chooses, their cells for each column, and the columns the rows could have.
 *
 * A column that passes through a detached child (cellValues.ts) cannot be read from the row's
 * object alone: its cell waits, open, for the referenced objects, which a later pass over the
 * set's texts reads (`wanted` names them; `resolve` takes each). A referenced object can point on
 * to another: each pass follows one more step, at most `MAX_PASSES`; a reference that is still
 * open then, or names an object the set does not hold, adds no value. Memory holds the cells, and
 * the open ones' parts until they close.
 */
import { parseFieldPath, queryErrorText } from '../../../speckle/searchQuery';
import { cellOf } from './cellText';
import { isPending, readPath, type CellPart, type CellValue } from './cellValues';
import { ColumnStore } from './columnStore';
import { OwnFields, parseOrUndefined } from './ownFields';
import type { RowChoice } from './rowChoice';
import type { TableRow } from './tableRows';
import type { BuiltColumns } from './tableView';

/** Reads of the set beyond the first, for references: one step of a reference chain each. */
export const MAX_PASSES = 3;

type Slot = CellPart | Slot[];

interface OpenCell {
  slots: Slot[];
  open: number;
}

interface Waiter {
  cell: number;
  path: readonly string[];
  from: number;
  container: Slot[];
  index: number;
}

export type TableBuildStart = { ok: true; build: TableBuild } | { ok: false; message: string };

export class TableBuild {
  private readonly stores: ColumnStore[];
  private readonly ids: string[] = [];
  private readonly fields: OwnFields | null;
  private readonly openCells = new Map<number, OpenCell>();
  private waiting = new Map<string, Waiter[]>();
  private next = new Map<string, Waiter[]>();
  private passes = 0;

  /** The columns are those the table reads: the shown ones and those filtered, sorted, grouped. */
  static start(columns: readonly string[], choice: RowChoice): TableBuildStart {
    const paths: string[][] = [];
    for (const column of columns) {
      const parsed = parseFieldPath(column);
      if (!parsed.ok) {
        return { ok: false, message: `Column ${column}: ${queryErrorText(parsed.error)}` };
      }
      paths.push(parsed.path);
    }
    return { ok: true, build: new TableBuild(columns, paths, choice) };
  }

  private constructor(
    private readonly columns: readonly string[],
    private readonly paths: readonly string[][],
    private readonly choice: RowChoice,
  ) {
    this.stores = columns.map(() => new ColumnStore());
    this.fields =
      choice.keys === null
        ? null
        : new OwnFields(
            paths.map((path) => path[0]!),
            ['units', ...choice.keys],
          );
  }

  /**
   * The first pass: each object of the set once. A text that is not an object has no row; one
   * whose members the columns read are not JSON neither.
   */
  add(id: string, json: string): void {
    if (!this.choice.mayTake(id, json)) return;
    const value = this.fields ? this.fields.read(json) : parseOrUndefined(json);
    if (value === undefined || !this.choice.takes(value)) return;
    const row = this.ids.push(id) - 1;
    this.paths.forEach((path, column) => {
      const parts = readPath(value, path);
      const cell = row * this.paths.length + column;
      if (!parts.some(isPending)) {
        this.stores[column]!.set(row, cellOf(parts as CellValue[]));
        return;
      }
      this.stores[column]!.set(row, null);
      const open: OpenCell = { slots: parts, open: 0 };
      this.openCells.set(cell, open);
      this.await(open, cell, path, parts, this.waiting);
    });
  }

  /** Ids of the objects the open cells wait for; empty when no further pass is needed. */
  wanted(): ReadonlySet<string> {
    return this.passes < MAX_PASSES ? new Set(this.waiting.keys()) : new Set();
  }

  /** An object of the current pass that `wanted` names. */
  resolve(id: string, json: string): void {
    const waiters = this.waiting.get(id);
    if (!waiters) return;
    this.waiting.delete(id);
    const value = parseOrUndefined(json);
    for (const waiter of waiters) {
      const open = this.openCells.get(waiter.cell)!;
      const parts = value === undefined ? [] : readPath(value, waiter.path, waiter.from);
      waiter.container[waiter.index] = parts;
      open.open -= 1;
      this.await(open, waiter.cell, waiter.path, parts, this.next);
      if (open.open === 0) this.close(waiter.cell, open);
    }
  }

  /** Ends a pass of references: those found in it wait for the next. */
  endPass(): void {
    this.passes += 1;
    this.waiting = this.next;
    this.next = new Map();
  }

  finish(): BuiltTable {
    for (const [cell, open] of this.openCells) this.close(cell, open);
    this.waiting.clear();
    this.next.clear();
    return new BuiltTable(this.columns, this.stores, this.ids);
  }

  get rows(): number {
    return this.ids.length;
  }

  private await(
    open: OpenCell,
    cell: number,
    path: readonly string[],
    container: Slot[],
    into: Map<string, Waiter[]>,
  ): void {
    container.forEach((part, index) => {
      if (Array.isArray(part) || !isPending(part)) return;
      open.open += 1;
      const waiter = { cell, path, from: part.from, container, index };
      const list = into.get(part.pending);
      if (list) list.push(waiter);
      else into.set(part.pending, [waiter]);
    });
  }

  private close(cell: number, open: OpenCell): void {
    this.openCells.delete(cell);
    const values: CellValue[] = [];
    const stack: Slot[] = [...open.slots].reverse();
    for (let slot = stack.pop(); slot !== undefined; slot = stack.pop()) {
      if (Array.isArray(slot)) stack.push(...[...slot].reverse());
      else if (!isPending(slot)) values.push(slot);
    }
    const columns = this.paths.length;
    this.stores[cell % columns]!.set(Math.floor(cell / columns), cellOf(values));
  }
}

/** A finished table: every row's cells, and the columns its rows could have. */
export class BuiltTable implements BuiltColumns {
  private readonly byName: Map<string, ColumnStore>;

  constructor(
    columns: readonly string[],
    stores: readonly ColumnStore[],
    private readonly ids: readonly string[],
  ) {
    this.byName = new Map(columns.map((column, index) => [column, stores[index]!]));
  }

  get rows(): number {
    return this.ids.length;
  }

  /** Whether the table read this column. */
  hasColumn(name: string): boolean {
    return this.byName.has(name);
  }

  column(name: string): ColumnStore {
    const store = this.byName.get(name);
    if (!store) throw new Error(`The table has no column ${name}.`);
    return store;
  }

  idAt(row: number): string {
    return this.ids[row]!;
  }

  row(row: number, columns: readonly string[]): TableRow {
    return { id: this.ids[row]!, cells: columns.map((name) => this.column(name).cell(row)) };
  }
}
