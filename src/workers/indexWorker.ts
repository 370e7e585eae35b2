/**
 * The indexing worker: splits the body's chunks into lines and indexes them (indexing.ts), off the
 * page's main thread. One worker per load; the page terminates it when the load ends or stops. A
 * worker started ahead of a load is first told to warm up (warmUp.ts), one round per task, and
 * stops warming up when the load's first message comes.
 */
import { answer, createBlockIndexer, type ToIndexer } from './indexing';
import { indexSampleOnce, sampleBody, WARM_UP_ROUNDS } from './warmUp';

export type ToIndexWorker = ToIndexer | { kind: 'warm-up' };

const indexer = createBlockIndexer();
// The project's types describe a window; a dedicated worker's scope posts with a transfer list.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToIndexWorker>) => void) | null;
  postMessage(message: unknown, transfer: Transferable[]): void;
};
let warmUpRound: ReturnType<typeof setTimeout> | undefined;

scope.onmessage = (event) => {
  const message = event.data;
  if (message.kind === 'warm-up') {
    warmUp(sampleBody(), WARM_UP_ROUNDS);
    return;
  }
  clearTimeout(warmUpRound);
  const answered = answer(indexer, message);
  if (answered) scope.postMessage(answered.reply, answered.transfer);
};

function warmUp(body: Uint8Array, rounds: number): void {
  indexSampleOnce(body);
  if (rounds > 1) warmUpRound = setTimeout(() => warmUp(body, rounds - 1));
}
