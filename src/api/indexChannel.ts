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
import { holdBytes } from '../workers/byteHold';
import { createBlockIndexer, type IndexedBlock } from '../workers/indexing';
import { ApiError } from './apiError';
import { errorContext, type AnsweredBases, type ObjectAddress, type ServerAccess } from './client';

export interface LoadEnd {
  complete: boolean;
  /** Why reading the body failed, when it did. */
  broken?: string;
}

/** Where a load's blocks go (an ObjectSet). */
export interface BlockSink {
  appendBlock(block: IndexedBlock): void;
  /** The bytes of the blocks that came without them (workers/byteHold.ts). */
  receiveBytes(parts: readonly Uint8Array[]): void;
  /** The indexer ended without sending the bytes it held back. */
  loseHeldBytes(): void;
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
  /** Has the indexer send the bytes it holds back, and every later block's as it comes. */
  release(): void;
  /** Stops at once: the request ends; the bytes held back still come, then the worker ends. */
  stop(): void;
}

export function openIndexChannel(sink: BlockSink, signal: AbortSignal): IndexChannel {
  return typeof Worker === 'function' ? workerChannel(sink) : inPageChannel(sink, signal);
}

let spare: Worker | null = null;

/**
 * After a load the page reads the root's closure, checks it and draws the result: the next
 * worker's warm-up waits this long so as not to take the CPU from that.
 */
const AFTER_LOAD_DELAY_MS = 2000;

/**
 * A stopped worker sends the bytes it held back before it is ended; one that has not within this
 * time is taken to be stuck, and the objects whose bytes it held are forgotten.
 */
const HELD_BYTES_GRACE_MS = 1000;

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

/**
 * Routes a load's replies: the opening to `open`'s promise, blocks and bytes to the sink, the end.
 * Once stopped, it takes only the bytes held back.
 */
function replyRouter(sink: BlockSink) {
  let opening: Opening | null = null;
  let stopped = false;
  /** Whether blocks came without their bytes, and their bytes have not come yet. */
  let holding = false;
  let settle: (end: LoadEnd | null) => void = () => undefined;
  const finished = new Promise<LoadEnd | null>((resolve) => (settle = resolve));
  return {
    finished,
    open(access: ServerAccess, address: ObjectAddress, answered: AnsweredBases) {
      return new Promise<string>((resolve, reject) => {
        opening = { access, address, answered, resolve, reject };
      });
    },
    get holding() {
      return holding;
    },
    get stopped() {
      return stopped;
    },
    route(reply: FromLoad) {
      if (reply.kind === 'bytes') {
        if (holding) sink.receiveBytes(reply.parts);
        holding = false;
      } else if (stopped) {
        return;
      } else if (reply.kind === 'block') {
        holding ||= reply.block.bytes === null;
        sink.appendBlock(reply.block);
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
      stopped = true;
      if (opening) {
        const { access, address } = opening;
        opening.reject(new ApiError(why, errorContext(access.base, access, address)));
        opening = null;
      }
      settle(null);
    },
    /** The bytes held back will not come. */
    lose() {
      if (holding) sink.loseHeldBytes();
      holding = false;
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

function workerChannel(sink: BlockSink): IndexChannel {
  const worker = takeWorker();
  const router = replyRouter(sink);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    worker.terminate();
    router.lose();
    setTimeout(prepareIndexWorker, AFTER_LOAD_DELAY_MS);
  };
  const stop = (why: 'cancelled' | 'truncated') => {
    if (router.stopped) return;
    router.stop(why);
    if (!router.holding || why === 'truncated') return end();
    // The worker stops its request and sends the bytes it held back; it ends once they are here.
    post(worker, { kind: 'stop' });
    setTimeout(end, HELD_BYTES_GRACE_MS);
  };
  worker.onmessage = (event: MessageEvent<FromLoad>) => {
    router.route(event.data);
    if (router.stopped && !router.holding) end();
  };
  // A worker that cannot start or breaks leaves the body incomplete, like a broken stream.
  worker.onerror = () => stop('truncated');
  return {
    open(access, address, answered) {
      const opened = router.open(access, address, answered);
      post(worker, { kind: 'load', request: loadRequest(access, address, answered) });
      return opened;
    },
    finished: router.finished,
    release: () => post(worker, { kind: 'release' }),
    stop: () => stop('cancelled'),
  };
}

function inPageChannel(sink: BlockSink, signal: AbortSignal): IndexChannel {
  const indexer = createBlockIndexer();
  const router = replyRouter(sink);
  // The same hold as in the worker, though here it saves nothing: one code, two hosts.
  const hold = holdBytes((reply) => router.route(reply));
  return {
    open(access, address, answered) {
      const opened = router.open(access, address, answered);
      void loadBody(loadRequest(access, address, answered), indexer, hold.send, signal);
      return opened;
    },
    finished: router.finished,
    release: () => hold.release(),
    // The aborted load ends, and sends the bytes it held back as it does.
    stop: () => router.stop('cancelled'),
  };
}
