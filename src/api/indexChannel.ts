/**
 * Hands a body's chunks to the indexer and its blocks back to the page. In a browser the indexer is
 * a module worker, so splitting, UTF-8 checking and indexing a 100 MB body never hold the main
 * thread; each chunk's buffer is transferred to it and each block's buffer transferred back, so no
 * byte is copied between threads. Without Worker (jsdom, node) the same indexer runs in the page.
 */
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

function workerChannel(onBlock: (block: IndexedBlock) => void): IndexChannel {
  const worker = new Worker(new URL('../workers/indexWorker.ts', import.meta.url), {
    type: 'module',
    name: 'object indexer',
  });
  let settle: ((outcome: { complete: boolean } | null) => void) | null = null;
  const finished = new Promise<{ complete: boolean } | null>((resolve) => (settle = resolve));
  const stop = () => {
    worker.terminate();
    settle?.(null);
  };
  worker.onmessage = (event: MessageEvent<FromIndexer>) => {
    const message = event.data;
    if (message.kind === 'block') onBlock(message.block);
    else settle?.({ complete: message.complete });
  };
  // A worker that cannot start or breaks leaves the body incomplete, like a broken stream.
  worker.onerror = () => stop();
  const post = (message: ToIndexer, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  return {
    push: (chunk) => post({ kind: 'chunk', chunk }, [chunk.buffer]),
    finish() {
      post({ kind: 'finish' });
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
