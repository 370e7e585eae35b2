/**
 * Hands a body's chunks to the indexer and its blocks back to the page. In a browser the indexer is
 * a module worker, so splitting, UTF-8 checking and indexing a 100 MB body never hold the main
 * thread; each chunk's buffer is transferred to it and each block's buffer transferred back, so no
 * byte is copied between threads. Without Worker (jsdom, node) the same indexer runs in the page.
 *
 * One worker is kept ready for the next load, started and warmed up while the page is idle (see
 * workers/warmUp.ts); a load takes it, and the next one is prepared a while after that load.
 */
import type { ToIndexWorker } from '../workers/indexWorker';
import {
  answer,
  createBlockIndexer,
  type FromIndexer,
  type IndexedBlock,
  type ToIndexer,
} from '../workers/indexing';

export interface IndexChannel {
  /** Hands the chunk over: its buffer may be transferred, so the caller must not use it after. */
  push(chunk: Uint8Array): void;
  /** Resolves once every block has been delivered; null when the channel was stopped first. */
  finish(): Promise<{ complete: boolean } | null>;
  /** Stops at once: the worker is terminated with whatever it still held. */
  stop(): void;
}

export function openIndexChannel(onBlock: (block: IndexedBlock) => void): IndexChannel {
  return typeof Worker === 'function' ? workerChannel(onBlock) : inPageChannel(onBlock);
}

let spare: Worker | null = null;

/**
 * After a load the page reads the root's closure, checks it and draws the result: the next
 * worker's warm-up waits this long so as not to take the CPU from that.
 */
const AFTER_LOAD_DELAY_MS = 2000;

/** Starts the next load's worker and has it warm up, when the page is next idle. */
export function prepareIndexWorker(): void {
  if (typeof Worker !== 'function' || typeof requestIdleCallback !== 'function') return;
  requestIdleCallback(() => {
    if (spare) return;
    const worker = startWorker();
    // A spare that cannot start is dropped; the load that would have taken it starts its own.
    worker.onerror = () => {
      worker.terminate();
      if (spare === worker) spare = null;
    };
    post(worker, { kind: 'warm-up' });
    spare = worker;
  });
}

function takeWorker(): Worker {
  const worker = spare ?? startWorker();
  spare = null;
  return worker;
}

function startWorker(): Worker {
  return new Worker(new URL('../workers/indexWorker.ts', import.meta.url), {
    type: 'module',
    name: 'object indexer',
  });
}

function post(worker: Worker, message: ToIndexWorker, transfer: Transferable[] = []): void {
  worker.postMessage(message, transfer);
}

function workerChannel(onBlock: (block: IndexedBlock) => void): IndexChannel {
  const worker = takeWorker();
  let settle: ((outcome: { complete: boolean } | null) => void) | null = null;
  const finished = new Promise<{ complete: boolean } | null>((resolve) => (settle = resolve));
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    worker.terminate();
    settle?.(null);
    setTimeout(prepareIndexWorker, AFTER_LOAD_DELAY_MS);
  };
  worker.onmessage = (event: MessageEvent<FromIndexer>) => {
    const message = event.data;
    if (message.kind === 'block') onBlock(message.block);
    else settle?.({ complete: message.complete });
  };
  // A worker that cannot start or breaks leaves the body incomplete, like a broken stream.
  worker.onerror = () => stop();
  return {
    push: (chunk) => post(worker, { kind: 'chunk', chunk }, [chunk.buffer]),
    finish() {
      post(worker, { kind: 'finish' });
      return finished;
    },
    stop,
  };
}

function inPageChannel(onBlock: (block: IndexedBlock) => void): IndexChannel {
  const indexer = createBlockIndexer();
  let stopped = false;
  const send = (message: ToIndexer) => {
    const answered = stopped ? null : answer(indexer, message);
    if (answered?.reply.kind === 'block') onBlock(answered.reply.block);
    return answered?.reply;
  };
  return {
    push: (chunk) => void send({ kind: 'chunk', chunk }),
    finish: async () => {
      const reply = send({ kind: 'finish' });
      return reply?.kind === 'finished' ? { complete: reply.complete } : null;
    },
    stop: () => void (stopped = true),
  };
}
