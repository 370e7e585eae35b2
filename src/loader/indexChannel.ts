/**
 * Runs a with-children load, or the reading of opened files, in the indexer and brings its blocks
 * back to the page. In a browser the indexer is a module worker that requests the body itself
 * (loader/bodyLoad.ts), so reading,
 * splitting, UTF-8 checking and indexing a 300 MB body never hold the main thread; each block's
 * buffer is transferred back, so no byte is copied between threads. Without Worker (jsdom, node)
 * the same load runs in the page. Either way its replies go through one router.
 *
 * One worker is kept ready for the next load, started and warmed up while the page is idle (see
 * loader/warmUp.ts); a load takes it, and the next one is prepared a while after that load.
 */
import type { ToIndexWorker } from './indexWorker';
import { fromErrorData, loadBody, type FromLoad, type LoadRequest } from './bodyLoad';
import { loadFiles, sendFilesReread, type FileNote, type OpenedFile } from './fileLoad';
import { holdBytes } from './byteHold';
import type { IndexedBlock } from '../store/indexedBlock';
import { BlockIndexer } from './indexing';
import { afterNextPaint } from '../scheduling/nextTask';
import { ApiError } from '../api/apiError';
import { arrayVault, portVault, type ByteVault } from './byteVault';
import type { ByteSource, ByteStore, StorageError } from '../store/byteStore';
import { fileSource, type FileSource } from '../store/fileSource';
import { expectedBodyBytes, memoryLimitNote, spillChoice } from './spillPlan';
import type { BodySoFar, SpillPlan } from './spillPlan';
import {
  errorContext,
  type AnsweredBases,
  type ObjectAddress,
  type ServerAccess,
} from '../api/client';

export interface LoadEnd {
  complete: boolean;
  /** Why reading the body failed, when it did. */
  broken?: string;
  /** Why the byte store stopped keeping the body (a full disk), and what it kept. */
  storageFailure?: StorageError;
}

/** Where a load's blocks go (an ObjectSet). */
export interface BlockSink {
  appendBlock(block: IndexedBlock): void;
  /** The bytes of the blocks that came without them, in order (loader/byteHold.ts). */
  receiveBytes(parts: readonly Uint8Array[]): void;
  /** What a file load read, and the problems it found. */
  noteFile?(note: FileNote): void;
  /**
   * The held bytes, and every later block's, go to `store` (loader/spillPlan.ts), or stay in the
   * opened files (`file`).
   */
  spillTo?(store: ByteSource, where: 'disk' | 'file'): void;
  /** Why a body too big for memory is kept there all the same (loader/spillPlan.ts). */
  noteStorage?(note: string): void;
}

export interface IndexChannel {
  /**
   * Requests the body: resolves with the base that answered, or rejects with the server's refusal
   * or the network's failure as an ApiError. Bases that answer are added to `answered`. May be
   * called again after a refusal, to retry.
   */
  open(access: ServerAccess, address: ObjectAddress, answered: AnsweredBases): Promise<string>;
  /** Reads opened files instead of requesting a body: no request is made. */
  openFiles(files: readonly OpenedFile[]): void;
  /** Resolves once the body ended and every block was delivered; null when stopped first. */
  readonly finished: Promise<LoadEnd | null>;
  /** Brings the bytes held back to the sink, and has the indexer send every later block whole. */
  release(): void;
  /**
   * Stops at once: the request ends. Resolves once the bytes held back are with the sink, from the
   * vault.
   */
  stop(): Promise<void>;
}

export function openIndexChannel(
  sink: BlockSink,
  signal: AbortSignal,
  spill: SpillPlan | null = null,
): IndexChannel {
  return typeof Worker === 'function'
    ? workerChannel(sink, spill)
    : inPageChannel(sink, signal, spill);
}

let spare: Worker | null = null;

/**
 * After a load the page reads the root's closure, checks it and draws the result: the next
 * worker's warm-up waits this long so as not to take the CPU from that.
 */
const AFTER_LOAD_DELAY_MS = 2000;

/**
 * The share of the expected lines after which the held bytes start coming to the page: their
 * messages (a part per chunk, posted in batches) then come
 * while the worker reads the rest of the body, rather than after it, when the load's end waits for
 * them.
 */
const RECEIVE_HELD_FROM = 0.9;

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
  return new Worker(new URL('./indexWorker.ts', import.meta.url), {
    type: 'module',
    name: 'object indexer',
  });
}

function post(worker: Worker, message: ToIndexWorker, transfer: Transferable[] = []): void {
  worker.postMessage(message, transfer);
}

interface Opening {
  access: ServerAccess;
  address: ObjectAddress;
  answered: AnsweredBases;
  resolve(base: string): void;
  reject(error: ApiError): void;
}

/**
 * Routes a load's replies: the opening to `open`'s promise, blocks to the sink, the end. The bytes
 * of the blocks that came without them are taken from the vault when the indexer sends every later
 * block's bytes with it (`released`), when the body ends and when the load stops. The replies that
 * come while they are taken wait for them, so that the sink has each block's bytes before the next
 * block, and all of them before the end.
 */
function replyRouter(sink: BlockSink, vault: ByteVault, spill: SpillPlan | null) {
  let opening: Opening | null = null;
  /** Set once the load stops; resolves when the held bytes are with the sink. */
  let stopping: Promise<void> | null = null;
  /** How many blocks came without their bytes, which are still in the vault. */
  let held = 0;
  /** What came so far: when to receive the held bytes, whether to spill them. */
  const body: BodySoFar = { bytes: 0, lines: 0, expected: null, rootEnd: null };
  /** Whether the held bytes may still spill: not once the page took any of them. */
  let mayStore = spill !== null;
  let store: ByteStore | null = null;
  /** How many blocks came without their bytes in all: those the store has, once spilled. */
  let heldInAll = 0;
  /** The files read, once their bytes stay there (fileLoad.ts): nothing is held then. */
  let files: readonly OpenedFile[] = [];
  let inFiles: FileSource | null = null;
  /** Set once the body passed the memory limit without a store: nothing more is taken. */
  let limited = false;
  /** Why the store failed to keep the bytes (a full disk): the load then ends incomplete. */
  let storageFailure: StorageError | undefined;
  let taking: Promise<void> | null = null;
  /** The replies that wait while the held bytes are taken. */
  let waiting: FromLoad[] | null = null;
  let settle: (end: LoadEnd | null) => void = () => undefined;
  const finished = new Promise<LoadEnd | null>((resolve) => (settle = resolve));

  async function takeHeld(): Promise<void> {
    if (inFiles) {
      held = 0;
      return;
    }
    if (store) {
      await store.stored(heldInAll).catch((error: StorageError) => (storageFailure ??= error));
      held = 0;
      return;
    }
    const parts = await vault.take(held);
    held = 0;
    sink.receiveBytes(parts);
  }

  /** Takes the held bytes first: `later`, and the replies that come meanwhile, wait for them. */
  function takeHeldFirst(later: FromLoad[]): void {
    waiting = later;
    taking = takeHeld().then(() => {
      const replies = waiting ?? [];
      waiting = null;
      replies.forEach(route);
    });
  }

  function route(reply: FromLoad): void {
    if (waiting) {
      waiting.push(reply);
      return;
    }
    if (stopping || limited) return;
    switch (reply.kind) {
      case 'block': {
        const { block } = reply;
        if (!block.bytes) {
          held += 1;
          heldInAll += 1;
        }
        sink.appendBlock(block);
        body.lines += block.starts.length;
        body.expected ??= block.expected;
        body.rootEnd ??= block.ends[0] ?? null;
        body.bytes = block.offset + block.byteLength;
        if (mayStore) chooseStorage();
        if (spill && !store && body.bytes > spill.memoryLimit) {
          limited = true;
          return settle({ complete: false, broken: memoryLimitNote(spill) });
        }
        if (
          !store &&
          !inFiles &&
          body.expected !== null &&
          body.lines >= body.expected * RECEIVE_HELD_FROM
        ) {
          mayStore = false;
          vault.receive();
        }
        return;
      }
      case 'released':
        mayStore = false;
        return takeHeldFirst([]);
      case 'finished':
        if (held > 0) return takeHeldFirst([reply]);
        return settle({ complete: reply.complete, broken: reply.broken, storageFailure });
      case 'bytes-in-files':
        mayStore = false;
        inFiles = fileSource(files);
        return sink.spillTo?.(inFiles, 'file');
      case 'file-read':
        inFiles?.fileEnded(reply.file.bytes);
        return sink.noteFile?.(reply);
      case 'file-problem':
      case 'files-reread':
        return sink.noteFile?.(reply);
      default:
        if (!opening) return;
        for (const base of reply.answered) opening.answered.add(base);
        if (reply.kind === 'opened') opening.resolve(reply.base);
        else opening.reject(fromErrorData(reply.error));
        opening = null;
    }
  }

  /** Spills the held bytes once the body is expected to pass the plan's threshold. */
  function chooseStorage(): void {
    const choice = spillChoice(body, spill!);
    if (choice.kind === 'memory') return;
    mayStore = false;
    if (choice.kind === 'no room') return sink.noteStorage?.(choice.note);
    const opened = spill!.open(expectedBodyBytes(body));
    if (!vault.spillTo(opened)) return void opened.release();
    store = opened;
    sink.spillTo?.(opened, 'disk');
  }

  return {
    finished,
    /**
     * Decides now whether to spill, as a reader wants the held bytes: true when they spilled; when
     * not, they will come to the page, and then never spill.
     */
    spillsRatherThanRelease(): boolean {
      if (mayStore) chooseStorage();
      mayStore = false;
      return store !== null || inFiles !== null;
    },
    /** The files the load reads: where their bytes are read back, once they stay there. */
    readFiles(opened: readonly OpenedFile[]): void {
      files = opened;
    },
    open(access: ServerAccess, address: ObjectAddress, answered: AnsweredBases) {
      return new Promise<string>((resolve, reject) => {
        opening = { access, address, answered, resolve, reject };
      });
    },
    get stopped() {
      return stopping !== null;
    },
    route,
    /**
     * Ends the load: a pending request fails as `why` says, and the end is null. Resolves once the
     * held bytes are with the sink; the vault is closed then. Once stopped, stays stopped.
     */
    stop(why: 'cancelled' | 'truncated'): Promise<void> {
      stopping ??= (async () => {
        if (opening) {
          const { access, address } = opening;
          opening.reject(new ApiError(why, errorContext(access.base, access, address)));
          opening = null;
        }
        settle(null);
        await taking;
        if (held > 0) await takeHeld();
        vault.close();
      })();
      return stopping;
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

function workerChannel(sink: BlockSink, spill: SpillPlan | null): IndexChannel {
  const worker = takeWorker();
  const vault = new MessageChannel();
  const router = replyRouter(sink, portVault(vault.port1), spill);
  post(worker, { kind: 'vault', port: vault.port2 }, [vault.port2]);
  const stop = (why: 'cancelled' | 'truncated') => {
    if (!router.stopped) {
      // Ending the worker ends its request; the bytes it put in the vault stay there.
      worker.terminate();
      setTimeout(prepareIndexWorker, AFTER_LOAD_DELAY_MS);
    }
    return router.stop(why);
  };
  // The worker posts its replies in batches (loader/replyBatches.ts).
  worker.onmessage = (event: MessageEvent<FromLoad[]>) => event.data.forEach(router.route);
  // A worker that cannot start or breaks leaves the body incomplete, like a broken stream.
  worker.onerror = () => void stop('truncated');
  return {
    open(access, address, answered) {
      const opened = router.open(access, address, answered);
      post(worker, { kind: 'load', request: loadRequest(access, address, answered) });
      return opened;
    },
    openFiles(files) {
      router.readFiles(files);
      post(worker, { kind: 'files', files: [...files] });
      void router.finished.then(async (end) => {
        if (!end) return;
        // The first frame after the end often comes before the page has drawn it: the second
        // shows it.
        await afterNextPaint();
        await afterNextPaint();
        post(worker, { kind: 'choose-root' });
      });
    },
    finished: router.finished,
    release() {
      if (!router.spillsRatherThanRelease()) post(worker, { kind: 'release' });
    },
    stop: () => stop('cancelled'),
  };
}

function inPageChannel(
  sink: BlockSink,
  signal: AbortSignal,
  spill: SpillPlan | null,
): IndexChannel {
  const indexer = new BlockIndexer();
  const vault = arrayVault();
  const router = replyRouter(sink, vault, spill);
  // The same hold as in the worker, though here it saves nothing: one code, two hosts.
  const hold = holdBytes((reply) => router.route(reply), vault.put);
  return {
    open(access, address, answered) {
      const opened = router.open(access, address, answered);
      void loadBody(loadRequest(access, address, answered), indexer, hold.send, signal);
      return opened;
    },
    openFiles(files) {
      router.readFiles(files);
      void loadFiles(files, indexer, hold.send, { signal }).then((read) =>
        sendFilesReread(read, hold.send, signal),
      );
    },
    finished: router.finished,
    release() {
      if (!router.spillsRatherThanRelease()) hold.release();
    },
    // The request ends with the load's signal, which a cancel aborts.
    stop: () => router.stop('cancelled'),
  };
}
