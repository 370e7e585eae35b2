/**
 * Runs a with-children load, or the reading of opened files, in the indexer and brings its blocks
 * back to the page. In a browser the indexer is a module worker that requests the body itself
 * (objects/load/bodyLoad.ts), so reading,
 * splitting, UTF-8 checking and indexing a 300 MB body never hold the main thread; each block's
 * buffer is transferred back, so no byte is copied between threads. Without Worker (jsdom, node)
 * the same load runs in the page. Either way its replies go through one router.
 *
 * One worker is kept ready for the next load, started and warmed up while the page is idle (see
 * objects/load/warmUp.ts); a load takes it, and the next one is prepared a while after that load.
 */
import type { ToIndexWorker } from './indexWorker';
import { fromErrorData, loadBody, type FromLoad, type LoadRequest } from './bodyLoad';
import { loadFiles, sendFilesReread, type FileNote, type OpenedFile } from '../files/fileLoad';
import { deferBytes } from './byteDeferral';
import type { IndexedBlock } from '../set/indexedBlock';
import type { BodyCeilings } from '../../bytes/lines';
import { BlockIndexer } from './indexing';
import { afterNextPaint } from '../../lib/nextTask';
import { ApiError } from '../../api/apiError';
import { arrayVault, portVault, type ByteVault } from './byteVault';
import type { ByteSource, ByteStore, StorageError } from '../set/byteStore';
import { fileSource, type FileSource } from '../files/fileSource';
import type { SpillPlan } from '../spill/spillPlan';
import {
  initialReplyState,
  reduceReply,
  type ChannelEvent,
  type LoadEnd,
  type ReplyEffect,
} from './replies/indexReplies';
import {
  errorContext,
  type AnsweredBases,
  type ObjectAddress,
  type ServerAccess,
} from '../../api/client';

/** Where a load's blocks go (an ObjectSet). */
export type { LoadEnd } from './replies/indexReplies';

export interface BlockSink {
  appendBlock(block: IndexedBlock): void;
  /** The bytes of the blocks that came without them, in order (objects/load/byteDeferral.ts). */
  receiveBytes(parts: readonly Uint8Array[]): void;
  /** What a file load read, and the problems it found. */
  noteFile?(note: FileNote): void;
  /**
   * The deferred bytes, and every later block's, go to `store` (objects/spill/spillPlan.ts), or stay in the
   * opened files (`file`).
   */
  spillTo?(store: ByteSource, where: 'disk' | 'file'): void;
  /** Why a body too big for memory is kept there all the same (objects/spill/spillPlan.ts). */
  noteStorage?(note: string): void;
}

export interface IndexChannel {
  /**
   * Requests the body: resolves with the base that answered, or rejects with the server's refusal
   * or the network's failure as an ApiError. Bases that answer are added to `answered`. May be
   * called again after a refusal, to retry.
   */
  open(
    access: ServerAccess,
    address: ObjectAddress,
    answered: AnsweredBases,
    ceilings: BodyCeilings,
  ): Promise<string>;
  /** Reads opened files instead of requesting a body: no request is made. */
  openFiles(files: readonly OpenedFile[]): void;
  /** Resolves once the body ended and every block was delivered; null when stopped first. */
  readonly finished: Promise<LoadEnd | null>;
  /** Brings the deferred bytes to the sink, and has the indexer send every later block whole. */
  release(): void;
  /**
   * Stops at once: the request ends. Resolves once the deferred bytes are with the sink, from the
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
 * Performs what a load's replies ask for (objects/load/replies/indexReplies.ts): the opening to `open`'s
 * promise, blocks and bytes to the sink, the end; and holds what the reducer cannot, the promises,
 * the store and the opened files.
 */
function replyRouter(sink: BlockSink, vault: ByteVault, spill: SpillPlan | null) {
  let state = initialReplyState(spill);
  let opening: Opening | null = null;
  /** Set once the load stops; resolves when the deferred bytes are with the sink. */
  let stopping: Promise<void> | null = null;
  let store: ByteStore | null = null;
  /** The files read, once their bytes stay there (fileLoad.ts): nothing is deferred then. */
  let files: readonly OpenedFile[] = [];
  let inFiles: FileSource | null = null;
  let taking: Promise<void> | null = null;
  let settle: (end: LoadEnd | null) => void = () => undefined;
  const finished = new Promise<LoadEnd | null>((resolve) => (settle = resolve));

  function dispatch(event: FromLoad | ChannelEvent): void {
    const reduced = reduceReply(state, event);
    state = reduced.state;
    reduced.effects.forEach(perform);
  }

  function perform(effect: ReplyEffect): void {
    switch (effect.kind) {
      case 'append-block':
        return sink.appendBlock(effect.block);
      case 'receive-deferred':
        return vault.receive();
      case 'take-deferred':
        taking = takeDeferred(effect).then((storageFailure) =>
          dispatch({ kind: 'deferred-taken', storageFailure }),
        );
        return;
      case 'spill':
        return spillToStore(effect.expectedBytes);
      case 'note-storage':
        return sink.noteStorage?.(effect.note);
      case 'keep-bytes-in-files':
        inFiles = fileSource(files);
        return sink.spillTo?.(inFiles, 'file');
      case 'file-ended':
        return inFiles!.fileEnded(effect.bytes);
      case 'note-file':
        return sink.noteFile?.(effect.note);
      case 'answer-opening': {
        // The reducer answers only an opening that waits.
        const { reply } = effect;
        const pending = opening!;
        opening = null;
        for (const base of reply.answered) pending.answered.add(base);
        if (reply.kind === 'opened') pending.resolve(reply.base);
        else pending.reject(fromErrorData(reply.error));
        return;
      }
      case 'cancel-opening': {
        const { access, address, reject } = opening!;
        opening = null;
        reject(new ApiError(effect.why, errorContext(access.base, access, address)));
        return;
      }
      case 'settle':
        return settle(effect.end);
    }
  }

  /** Resolves with why the store could not keep the deferred bytes, when it could not. */
  async function takeDeferred(
    effect: Extract<ReplyEffect, { kind: 'take-deferred' }>,
  ): Promise<StorageError | undefined> {
    if (effect.from === 'files') return undefined;
    if (effect.from === 'disk') {
      return store!.stored(effect.count).then(
        () => undefined,
        (error: StorageError) => error,
      );
    }
    sink.receiveBytes(await vault.take(effect.count));
  }

  function spillToStore(expectedBytes: number): void {
    const opened = spill!.open(expectedBytes);
    if (!vault.spillTo(opened)) {
      opened.release();
      return dispatch({ kind: 'spill-refused' });
    }
    store = opened;
    sink.spillTo?.(opened, 'disk');
  }

  return {
    finished,
    /**
     * Decides now whether to spill, as a reader wants the deferred bytes: true when they spilled; when
     * not, they will come to the page, and then never spill.
     */
    spillsRatherThanRelease(): boolean {
      dispatch({ kind: 'decide-storage' });
      return state.deferredTo !== 'page';
    },
    readFiles(opened: readonly OpenedFile[]): void {
      files = opened;
    },
    open(access: ServerAccess, address: ObjectAddress, answered: AnsweredBases) {
      return new Promise<string>((resolve, reject) => {
        opening = { access, address, answered, resolve, reject };
        dispatch({ kind: 'open' });
      });
    },
    get stopped() {
      return state.stopped;
    },
    route(reply: FromLoad): void {
      dispatch(reply);
    },
    /**
     * Ends the load: a pending request fails as `why` says, and the end is null. Resolves once the
     * deferred bytes are with the sink; the vault is closed then. Once stopped, stays stopped.
     */
    stop(why: 'cancelled' | 'truncated'): Promise<void> {
      stopping ??= (async () => {
        dispatch({ kind: 'stop', why });
        await taking;
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
  ceilings: BodyCeilings,
): LoadRequest {
  return { access, address, answered: [...answered], ceilings };
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
  // The worker posts its replies in batches (objects/load/replies/replyBatches.ts).
  worker.onmessage = (event: MessageEvent<FromLoad[]>) => event.data.forEach(router.route);
  // A worker that cannot start or breaks leaves the body incomplete, like a broken stream.
  worker.onerror = () => void stop('truncated');
  return {
    open(access, address, answered, ceilings) {
      const opened = router.open(access, address, answered);
      post(worker, { kind: 'load', request: loadRequest(access, address, answered, ceilings) });
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
  // The same deferral as in the worker, though here it saves nothing: one code, two hosts.
  const deferral = deferBytes((reply) => router.route(reply), vault.put);
  return {
    open(access, address, answered, ceilings) {
      const opened = router.open(access, address, answered);
      const request = loadRequest(access, address, answered, ceilings);
      void loadBody(request, indexer, deferral.send, signal);
      return opened;
    },
    openFiles(files) {
      router.readFiles(files);
      void loadFiles(files, indexer, deferral.send, { signal }).then((read) =>
        sendFilesReread(read, deferral.send, signal),
      );
    },
    finished: router.finished,
    release() {
      if (!router.spillsRatherThanRelease()) deferral.release();
    },
    // The request ends with the load's signal, which a cancel aborts.
    stop: () => router.stop('cancelled'),
  };
}
