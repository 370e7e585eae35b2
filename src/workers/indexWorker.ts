/**
 * The indexing worker: splits the body's chunks into lines and indexes them (indexing.ts), off the
 * page's main thread. One worker per load; the page terminates it when the load ends or stops. A
 * worker started ahead of a load is first told to warm up (warmUp.ts), in short tasks, and stops
 * warming up when the load's first message comes.
 */
import { answer, createBlockIndexer, type ToIndexer } from './indexing';
import { indexSampleOnce, sampleBody, WARM_UP_PASSES, WARM_UP_TASK_MS } from './warmUp';

export type ToIndexWorker = ToIndexer | { kind: 'warm-up' };

const indexer = createBlockIndexer();
// The project's types describe a window; a dedicated worker's scope posts with a transfer list.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToIndexWorker>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
};
let warmUpTask: ReturnType<typeof setTimeout> | undefined;

scope.onmessage = (event) => {
  const message = event.data;
  if (message.kind === 'warm-up') {
    warmUp(sampleBody(), WARM_UP_PASSES);
    return;
  }
  clearTimeout(warmUpTask);
  const answered = answer(indexer, message);
  if (answered) scope.postMessage(answered.reply, answered.transfer);
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
