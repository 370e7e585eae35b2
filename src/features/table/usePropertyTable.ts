import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { ObjectSet } from '../../objects/set/objectSet';
import { isLoading } from '../../objects/set/loadProgress';
import type { TableRow } from './core/tableRows';
import type { TableSpec } from './core/tableSpec';
import { IDLE_TABLE, TableClient, type TableSnapshot } from './tableClient';
import { openTableChannel } from './worker/tableChannel';

export type { TableState, TableSnapshot } from './tableClient';

export interface PropertyTable extends TableSnapshot {
  /** The rows from `start` to `end` in the shown order: those fetched, undefined for the others,
   * which are asked for; the table re-renders when they come. */
  rowsAt(start: number, end: number): Array<TableRow | undefined>;
  /** Every row in order, a chunk at a time (an export); rejects when the table changes. */
  readAllRows(onRows: (rows: TableRow[]) => Promise<void>, signal: AbortSignal): Promise<void>;
  cancel(): void;
  /** Builds the spec's table again: after a cancel, which leaves the spec as it was. */
  rebuild(): void;
}

const NO_CLIENT = {
  subscribe: () => () => undefined,
  getSnapshot: () => IDLE_TABLE,
};

/**
 * The property table of `set` for `spec`, built off the main thread (worker/tableChannel.ts) once
 * the set's load has ended; `findingIds` are the objects of a doctor finding when the spec's
 * source is one. Idle while the load runs, or without a spec. A new spec is answered from the
 * table built when it keeps its source and columns (a filter, a sort), else the set is read again.
 */
export function usePropertyTable(
  set: ObjectSet,
  spec: TableSpec | null,
  findingIds: readonly string[] | null,
): PropertyTable {
  const ended = useSyncExternalStore(set.subscribe, () => !isLoading(set.getProgress()));
  const [client, setClient] = useState<{ set: ObjectSet; client: TableClient } | null>(null);
  useEffect(() => {
    if (!ended) return;
    let live = true;
    let opened: TableClient | null = null;
    // The texts the loader defers are asked for first: the table reads every one.
    void set.wantBytes().then(() => {
      if (!live) return;
      opened = new TableClient((onAnswer) => openTableChannel(set, onAnswer));
      setClient({ set, client: opened });
    });
    return () => {
      live = false;
      opened?.close();
    };
  }, [set, ended]);
  const current = client?.set === set ? client.client : null;
  const specKey = spec === null ? null : JSON.stringify(spec);
  useEffect(() => {
    if (current && specKey !== null) current.setSpec(JSON.parse(specKey) as TableSpec, findingIds);
  }, [current, specKey, findingIds]);
  const snapshot = useSyncExternalStore(
    current?.subscribe ?? NO_CLIENT.subscribe,
    current?.getSnapshot ?? NO_CLIENT.getSnapshot,
  );
  const rowsAt = useCallback(
    (start: number, end: number) => current?.rowsAt(start, end) ?? [],
    // The snapshot changes when rows come: a new rowsAt, so that memoised views read them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [current, snapshot],
  );
  const readAllRows = useCallback(
    (onRows: (rows: TableRow[]) => Promise<void>, signal: AbortSignal) =>
      current ? current.readAllRows(onRows, signal) : Promise.reject(new Error('No table yet.')),
    [current],
  );
  const cancel = useCallback(() => current?.cancel(), [current]);
  const rebuild = useCallback(() => {
    if (current && specKey !== null) current.setSpec(JSON.parse(specKey) as TableSpec, findingIds);
  }, [current, specKey, findingIds]);
  return { ...snapshot, rowsAt, readAllRows, cancel, rebuild };
}
