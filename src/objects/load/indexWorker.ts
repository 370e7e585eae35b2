/**
 * The indexing worker: requests a with-children body, or reads opened files, splits it into
 * objects and indexes them (bodyLoad.ts, fileLoad.ts, indexing.ts), off the page's main thread. One worker per load; the page terminates
 * it when the load ends or stops, which also ends its request. A worker started ahead of a load is
 * first told to warm up (warmUp.ts), in short tasks, and stops warming up when the load comes.
 */
import { loadBody, type FromLoad, type LoadRequest } from './bodyLoad';
import { loadFiles, sendFilesReread, type OpenedFile } from '../files/fileLoad';
import type { FileToReread } from '../files/fileRoot';
import { deferBytes } from './byteDeferral';
import { dropGcBallast, holdGcBallast } from '../spill/gcBallast';
import { BlockIndexer } from './indexing';
import { batchReplies } from './replies/replyBatches';
import {
  cutSampleOnce,
  indexSampleOnce,
  sampleBody,
  WARM_UP_CUT_PASSES,
  WARM_UP_PASSES,
  WARM_UP_TASK_MS,
} from './warmUp';

export type ToIndexWorker =
  /** Where to put the deferred bytes (byteDeferral.ts); comes before the load. */
  | { kind: 'vault'; port: MessagePort }
  | { kind: 'load'; request: LoadRequest }
  /** Files are read here too: a File crosses to the worker without its bytes. */
  | { kind: 'files'; files: OpenedFile[] }
  /** Send every later block's bytes with it (byteDeferral.ts). */
  | { kind: 'release' }
  /**
   * The page has shown the end of the files' first read: read them again for their root
   * (fileRoot.ts). Read at once, they took the CPU from the drawing of that end.
   */
  | { kind: 'choose-root' }
  | { kind: 'warm-up' };

const indexer = new BlockIndexer();
// The project's types describe a window; a dedicated worker's scope posts with a transfer list.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToIndexWorker>) => void) | null;
  postMessage(message: FromLoad[], transfer: Transferable[]): void;
};
let vault: MessagePort | null = null;
const batches = batchReplies(
  (replies, transfer) => scope.postMessage(replies, transfer),
  (parts) =>
    vault!.postMessage(
      parts,
      parts.map(({ buffer }) => buffer),
    ),
);
const deferral = deferBytes(batches.send, batches.vault);
let warmUpTask: ReturnType<typeof setTimeout> | undefined;
let filesRead: Promise<FileToReread[]> | undefined;

scope.onmessage = (event) => {
  const message = event.data;
  switch (message.kind) {
    case 'warm-up':
      warmUp(sampleBody(), WARM_UP_PASSES, WARM_UP_CUT_PASSES);
      return;
    case 'vault':
      vault = message.port;
      return;
    case 'release':
      deferral.release();
      return;
    case 'load':
      clearTimeout(warmUpTask);
      holdGcBallast();
      void loadBody(message.request, indexer, deferral.send);
      return;
    case 'files':
      clearTimeout(warmUpTask);
      // A plain file is read into the same buffer again and again: no ballast is needed then.
      filesRead = loadFiles(message.files, indexer, deferral.send, {
        beforeKeptBytes: () => void holdGcBallast(),
      }).then((read) => {
        dropGcBallast();
        return read;
      });
      return;
    case 'choose-root':
      void filesRead?.then((read) => sendFilesReread(read, deferral.send));
  }
};

function warmUp(body: Uint8Array, passes: number, cuts: number): void {
  const until = performance.now() + WARM_UP_TASK_MS;
  while ((passes > 0 || cuts > 0) && performance.now() < until) {
    if (passes > 0) {
      indexSampleOnce(body);
      passes -= 1;
    }
    if (cuts > 0) {
      cutSampleOnce(body);
      cuts -= 1;
    }
  }
  if (passes > 0 || cuts > 0) warmUpTask = setTimeout(() => warmUp(body, passes, cuts));
}
