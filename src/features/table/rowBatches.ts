import type { TableRow } from './core/tableRows';
import type { PropertyTable } from './usePropertyTable';

/** How the table hands every row over, in order, batch by batch. */
export type ReadAllRows = PropertyTable['readAllRows'];

/**
 * The table's rows as a stream a file is written from. Each batch's callback is answered with a
 * promise that settles once the writer has taken the batch, for a reader that waits on it; the
 * reading is aborted when the writing stops early (a cancelled download, a failed write).
 */
export async function* rowBatches(read: ReadAllRows): AsyncGenerator<readonly TableRow[]> {
  const controller = new AbortController();
  const waiting: Array<{ rows: readonly TableRow[]; taken: () => void }> = [];
  // Set by the reading's callbacks, which TypeScript does not follow: typed wide on purpose.
  let ended = null as { failure: unknown } | null;
  let wake = () => {};
  // The batch handed to the writer last, answered once the writer comes back for the next.
  let handed: (() => void) | null = null;
  const reading = read(
    (rows) =>
      new Promise<void>((taken) => {
        waiting.push({ rows, taken });
        wake();
      }),
    controller.signal,
  ).then(
    () => (ended = { failure: null }),
    (failure: unknown) =>
      (ended = { failure: failure ?? new Error('The table could not be read.') }),
  );
  void reading.finally(() => wake());
  try {
    for (;;) {
      const next = waiting.shift();
      if (next) {
        handed = next.taken;
        yield next.rows;
        handed();
        handed = null;
        continue;
      }
      if (ended) {
        if (ended.failure !== null) throw ended.failure;
        return;
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    controller.abort();
    handed?.();
    for (const { taken } of waiting) taken();
  }
}
