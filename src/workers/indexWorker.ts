/**
 * The indexing worker: splits the body's chunks into lines and indexes them (indexing.ts), off the
 * page's main thread. One worker per load; the page terminates it when the load ends or stops.
 */
import { answer, createBlockIndexer, type ToIndexer } from './indexing';

const indexer = createBlockIndexer();
// The project's types describe a window; a dedicated worker's scope posts with a transfer list.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToIndexer>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
};

scope.onmessage = (event) => {
  const answered = answer(indexer, event.data);
  if (answered) scope.postMessage(answered.reply, answered.transfer);
};
