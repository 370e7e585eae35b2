/**
 * The indexing worker: requests a with-children body, splits it into lines and indexes them
 * (bodyLoad.ts, indexing.ts), off the page's main thread. One worker per load; the page terminates
 * it when the load ends or stops, which also ends its request. A worker started ahead of a load is
 * first told to warm up (warmUp.ts), in short tasks, and stops warming up when the load comes.
 */
import { loadBody, type LoadRequest } from './bodyLoad';
import { holdBytes } from './byteHold';
import { createBlockIndexer } from './indexing';
import { indexSampleOnce, sampleBody, WARM_UP_PASSES, WARM_UP_TASK_MS } from './warmUp';

export type ToIndexWorker =
  | { kind: 'load'; request: LoadRequest }
  /** Send the bytes held back, and every later block's with it (byteHold.ts). */
  | { kind: 'release' }
  /** Stop the request; the bytes held back are sent before the end. */
  | { kind: 'stop' }
  | { kind: 'warm-up' };

const indexer = createBlockIndexer();
// The project's types describe a window; a dedicated worker's scope posts with a transfer list.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToIndexWorker>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
};
const hold = holdBytes((reply, transfer = []) => scope.postMessage(reply, transfer));
let load = new AbortController();
let warmUpTask: ReturnType<typeof setTimeout> | undefined;

scope.onmessage = (event) => {
  const message = event.data;
  switch (message.kind) {
    case 'warm-up':
      warmUp(sampleBody(), WARM_UP_PASSES);
      return;
    case 'release':
      hold.release();
      return;
    case 'stop':
      load.abort();
      return;
    case 'load':
      clearTimeout(warmUpTask);
      load = new AbortController();
      void loadBody(message.request, indexer, hold.send, load.signal);
  }
};

function warmUp(body: Uint8Array, passes: number): void {
  const until = performance.now() + WARM_UP_TASK_MS;
  let left = passes;
  while (left > 0 && performance.now() < until) {
    indexSampleOnce(body);
    left -= 1;
  }
  if (left > 0) warmUpTask = setTimeout(() => warmUp(body, left));
}
