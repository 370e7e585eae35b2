/**
 * Runs a with-children load in the indexer and brings its blocks back to the page. In a browser
 * the indexer is a module worker that requests the body itself (workers/bodyLoad.ts), so reading,
 * splitting, UTF-8 checking and indexing a 300 MB body never hold the main thread; each block's
 * buffer is transferred back, so no byte is copied between threads. Without Worker (jsdom, node)
 * the same load runs in the page. Either way its replies go through one router.
 *
 * One worker is kept ready for the next load, started and warmed up while the page is idle (see
 * workers/warmUp.ts); a load takes it, and the next one is prepared a while after that load.
 */
import type { ToIndexWorker } from '../workers/indexWorker';
import { fromErrorData, loadBody, type FromLoad, type LoadRequest } from '../workers/bodyLoad';
import { createBlockIndexer, type IndexedBlock } from '../workers/indexing';
import { ApiError } from './apiError';
import { errorContext, type AnsweredBases, type ObjectAddress, type ServerAccess } from './client';

export interface LoadEnd {
  complete: boolean;
  /** Why reading the body failed, when it did. */
  broken?: string;
}

export interface IndexChannel {
  /**
   * Requests the body: resolves with the base that answered, or rejects with the server's refusal
   * or the network's failure as an ApiError. Bases that answer are added to `answered`. May be
   * called again after a refusal, to retry.
   */
  open(access: ServerAccess, address: ObjectAddress, answered: AnsweredBases): Promise<string>;
  /** Resolves once the body ended and every block was delivered; null when stopped first. */
  readonly finished: Promise<LoadEnd | null>;
  /** Stops at once: the request ends, and the worker with whatever it still held. */
  stop(): void;
}

export function openIndexChannel(
  onBlock: (block: IndexedBlock) => void,
  signal: AbortSignal,
): IndexChannel {
  return typeof Worker === 'function' ? workerChannel(onBlock) : inPageChannel(onBlock, signal);
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

function post(worker: Worker, message: ToIndexWorker): void {
  worker.postMessage(message);
}

interface Opening {
  access: ServerAccess;
  address: ObjectAddress;
  answered: AnsweredBases;
  resolve(base: string): void;
  reject(error: ApiError): void;
}

/** Routes a load's replies: the opening to `open`'s promise, blocks to the page, the end. */
function replyRouter(onBlock: (block: IndexedBlock) => void) {
  let opening: Opening | null = null;
  let settle: (end: LoadEnd | null) => void = () => undefined;
  const finished = new Promise<LoadEnd | null>((resolve) => (settle = resolve));
  return {
    finished,
    open(access: ServerAccess, address: ObjectAddress, answered: AnsweredBases) {
      return new Promise<string>((resolve, reject) => {
        opening = { access, address, answered, resolve, reject };
      });
    },
    route(reply: FromLoad) {
      if (reply.kind === 'block') {
        onBlock(reply.block);
      } else if (reply.kind === 'finished') {
        settle({ complete: reply.complete, broken: reply.broken });
      } else if (opening) {
        for (const base of reply.answered) opening.answered.add(base);
        if (reply.kind === 'opened') opening.resolve(reply.base);
        else opening.reject(fromErrorData(reply.error));
        opening = null;
      }
    },
    /** Ends the load: a pending request fails as `why` says, and the end is null. */
    stop(why: 'cancelled' | 'truncated') {
      if (opening) {
        const { access, address } = opening;
        opening.reject(new ApiError(why, errorContext(access.base, access, address)));
        opening = null;
      }
      settle(null);
    },
  };
}

function loadRequest(
  access: ServerAccess,
  address: ObjectAddress,
  answered: AnsweredBases,
): LoadRequest {
  return { access, address, answered: [...answered] };
}

function workerChannel(onBlock: (block: IndexedBlock) => void): IndexChannel {
  const worker = takeWorker();
  const router = replyRouter(onBlock);
  let stopped = false;
  const stop = (why: 'cancelled' | 'truncated' = 'cancelled') => {
    if (stopped) return;
    stopped = true;
    worker.terminate();
    router.stop(why);
    setTimeout(prepareIndexWorker, AFTER_LOAD_DELAY_MS);
  };
  worker.onmessage = (event: MessageEvent<FromLoad>) => router.route(event.data);
  // A worker that cannot start or breaks leaves the body incomplete, like a broken stream.
  worker.onerror = () => stop('truncated');
  return {
    open(access, address, answered) {
      const opened = router.open(access, address, answered);
      post(worker, { kind: 'load', request: loadRequest(access, address, answered) });
      return opened;
    },
    finished: router.finished,
    stop: () => stop(),
  };
}

function inPageChannel(onBlock: (block: IndexedBlock) => void, signal: AbortSignal): IndexChannel {
  const indexer = createBlockIndexer();
  const router = replyRouter(onBlock);
  let stopped = false;
  return {
    open(access, address, answered) {
      const opened = router.open(access, address, answered);
      const send = (reply: FromLoad) => {
        if (!stopped) router.route(reply);
      };
      void loadBody(loadRequest(access, address, answered), indexer, send, signal);
      return opened;
    },
    finished: router.finished,
    stop() {
      stopped = true;
      router.stop('cancelled');
    },
  };
}
