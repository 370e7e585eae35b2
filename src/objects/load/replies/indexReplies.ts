/**
 * What a load's replies do, as a pure reducer: the state the page keeps about a load, and the
 * effects each reply asks for, which the channel (objects/load/indexChannel.ts) performs. The bytes of
 * the blocks that came without them are taken from the vault when the indexer sends every later
 * block's bytes with it (`released`), when the body ends and when the load stops. The replies that
 * come while they are taken wait for them, so that the sink has each block's bytes before the next
 * block, and all of them before the end.
 */
import type { FromLoad } from '../bodyLoad';
import type { FileNote } from '../../files/fileLoad';
import type { IndexedBlock } from '../../set/indexedBlock';
import type { StorageError } from '../../set/byteStore';
import type { CeilingName } from '../../../bytes/lines';
import {
  expectedBodyBytes,
  memoryLimitNote,
  spillChoice,
  type BodySoFar,
  type SpillPlan,
} from '../../spill/spillPlan';

/**
 * The share of the expected lines after which the deferred bytes start coming to the page: their
 * messages (a part per chunk, posted in batches) then come
 * while the worker reads the rest of the body, rather than after it, when the load's end waits for
 * them.
 */
const RECEIVE_DEFERRED_FROM = 0.9;

export interface LoadEnd {
  complete: boolean;
  /** Why reading the body failed, when it did. */
  broken?: string;
  /** Why the byte store stopped keeping the body (a full disk), and what it kept. */
  storageFailure?: StorageError;
  /** The load's ceiling that stopped the read (objects/load/loadCeilings.ts). */
  ceiling?: CeilingName;
}

/** Where the bytes of the blocks that came without them go. */
type DeferredBytesPlace = 'page' | 'disk' | 'files';

export interface ReplyState {
  /** Read, never changed: a plan's room is filled in once the storage answers. */
  readonly spill: SpillPlan | null;
  /** Whether `open` waits for the server's answer. */
  awaitingOpening: boolean;
  stopped: boolean;
  /** Set once the body passed the memory limit without a store: nothing more is taken. */
  limited: boolean;
  /** Whether the load's end was given; it is given once. */
  settled: boolean;
  /** How many blocks came without their bytes, not yet taken. */
  deferred: number;
  /** How many blocks came without their bytes in all: those the store has, once spilled. */
  deferredInAll: number;
  /** What came so far: when to receive the deferred bytes, whether to spill them. */
  body: BodySoFar;
  /** Whether the deferred bytes may still spill: not once the page took any of them. */
  mayStore: boolean;
  deferredTo: DeferredBytesPlace;
  /** Why the store failed to keep the bytes (a full disk): the load then ends incomplete. */
  storageFailure?: StorageError;
  /** The replies that wait while the deferred bytes are taken; null when none are taken. */
  waiting: FromLoad[] | null;
}

/** The server's answer to the request for the body. */
export type ServerAnswer = Extract<FromLoad, { kind: 'opened' | 'refused' }>;

/** What the channel tells the reducer besides the replies. */
export type ChannelEvent =
  | { kind: 'open' }
  /** A reader wants the deferred bytes: decide now whether they spill. */
  | { kind: 'decide-storage' }
  /** The vault would not send its bytes to the store (the page had started receiving them). */
  | { kind: 'spill-refused' }
  /** The deferred bytes were taken; `storageFailure` when the store could not keep them. */
  | { kind: 'deferred-taken'; storageFailure?: StorageError }
  | { kind: 'stop'; why: 'cancelled' | 'truncated' };

export type ReplyEffect =
  | { kind: 'append-block'; block: IndexedBlock }
  /** Start receiving the deferred bytes from the vault, as they come. */
  | { kind: 'receive-deferred' }
  /** Take the deferred bytes: `count` from the vault, or wait for the store to have `count`. */
  | { kind: 'take-deferred'; from: DeferredBytesPlace; count: number }
  /** Open a store for a body of about `expectedBytes`, and send the vault's bytes there. */
  | { kind: 'spill'; expectedBytes: number }
  | { kind: 'note-storage'; note: string }
  | { kind: 'keep-bytes-in-files' }
  | { kind: 'file-ended'; bytes: number }
  | { kind: 'note-file'; note: FileNote }
  | { kind: 'answer-opening'; reply: ServerAnswer }
  | { kind: 'cancel-opening'; why: 'cancelled' | 'truncated' }
  | { kind: 'settle'; end: LoadEnd | null };

interface Reduced {
  state: ReplyState;
  effects: ReplyEffect[];
}

export function initialReplyState(spill: SpillPlan | null): ReplyState {
  return {
    spill,
    awaitingOpening: false,
    stopped: false,
    limited: false,
    settled: false,
    deferred: 0,
    deferredInAll: 0,
    body: { bytes: 0, lines: 0, expected: null, rootEnd: null },
    mayStore: spill !== null,
    deferredTo: 'page',
    waiting: null,
  };
}

export function reduceReply(state: ReplyState, event: FromLoad | ChannelEvent): Reduced {
  const next = { ...state, body: { ...state.body }, waiting: state.waiting && [...state.waiting] };
  const effects: ReplyEffect[] = [];
  apply(next, event, effects);
  return { state: next, effects };
}

/** Changes `state` in place and appends to `effects`: only ever on reduceReply's own copy. */
function apply(state: ReplyState, event: FromLoad | ChannelEvent, effects: ReplyEffect[]): void {
  switch (event.kind) {
    case 'open':
      state.awaitingOpening = true;
      return;
    case 'decide-storage':
      if (state.mayStore) chooseStorage(state, effects);
      state.mayStore = false;
      return;
    case 'spill-refused':
      state.deferredTo = 'page';
      return checkBodySize(state, effects);
    case 'deferred-taken': {
      state.storageFailure ??= event.storageFailure;
      const replies = state.waiting ?? [];
      state.waiting = null;
      for (const reply of replies) apply(state, reply, effects);
      return;
    }
    case 'stop':
      if (state.stopped) return;
      state.stopped = true;
      if (state.awaitingOpening) effects.push({ kind: 'cancel-opening', why: event.why });
      state.awaitingOpening = false;
      settle(state, effects, null);
      // Bytes being taken already are not counted in `deferred`: the channel waits for those itself.
      if (state.deferred > 0) takeDeferred(state, effects);
      return;
    default:
      return route(state, event, effects);
  }
}

function route(state: ReplyState, reply: FromLoad, effects: ReplyEffect[]): void {
  if (state.waiting) {
    state.waiting.push(reply);
    return;
  }
  if (state.stopped || state.limited) return;
  switch (reply.kind) {
    case 'block': {
      const { block } = reply;
      if (!block.bytes) {
        state.deferred += 1;
        state.deferredInAll += 1;
      }
      effects.push({ kind: 'append-block', block });
      const { body } = state;
      body.lines += block.starts.length;
      body.expected ??= block.expected;
      body.rootEnd ??= block.ends[0] ?? null;
      body.bytes = block.offset + block.byteLength;
      if (state.mayStore) chooseStorage(state, effects);
      return checkBodySize(state, effects);
    }
    case 'released':
      state.mayStore = false;
      return takeDeferredFirst(state, effects, []);
    case 'finished':
      if (state.deferred > 0) return takeDeferredFirst(state, effects, [reply]);
      return settle(state, effects, {
        complete: reply.complete,
        broken: reply.broken,
        storageFailure: state.storageFailure,
        ceiling: reply.ceiling,
      });
    case 'bytes-in-files':
      state.mayStore = false;
      state.deferredTo = 'files';
      effects.push({ kind: 'keep-bytes-in-files' });
      return;
    case 'file-read':
      if (state.deferredTo === 'files')
        effects.push({ kind: 'file-ended', bytes: reply.file.bytes });
      effects.push({ kind: 'note-file', note: reply });
      return;
    case 'file-problem':
    case 'files-reread':
      effects.push({ kind: 'note-file', note: reply });
      return;
    default:
      if (!state.awaitingOpening) return;
      state.awaitingOpening = false;
      effects.push({ kind: 'answer-opening', reply });
  }
}

/**
 * After a block, or a refused spill: a body past the memory limit with nowhere else to go stops
 * the load; one nearly read has its deferred bytes come to the page while the rest is read.
 */
function checkBodySize(state: ReplyState, effects: ReplyEffect[]): void {
  const { spill, body } = state;
  if (spill && state.deferredTo !== 'disk' && body.bytes > spill.memoryLimit) {
    state.limited = true;
    return settle(state, effects, { complete: false, broken: memoryLimitNote(spill) });
  }
  if (
    state.deferredTo === 'page' &&
    body.expected !== null &&
    body.lines >= body.expected * RECEIVE_DEFERRED_FROM
  ) {
    state.mayStore = false;
    effects.push({ kind: 'receive-deferred' });
  }
}

/**
 * Spills the deferred bytes once the body is expected to pass the plan's threshold. The spill is
 * counted as done: the channel reports a refused one (`spill-refused`).
 */
function chooseStorage(state: ReplyState, effects: ReplyEffect[]): void {
  const choice = spillChoice(state.body, state.spill!);
  if (choice.kind === 'memory') return;
  state.mayStore = false;
  if (choice.kind === 'no room') {
    effects.push({ kind: 'note-storage', note: choice.note });
    return;
  }
  state.deferredTo = 'disk';
  effects.push({ kind: 'spill', expectedBytes: expectedBodyBytes(state.body) });
}

/** Takes the deferred bytes first: `later`, and the replies that come meanwhile, wait for them. */
function takeDeferredFirst(state: ReplyState, effects: ReplyEffect[], later: FromLoad[]): void {
  state.waiting = later;
  takeDeferred(state, effects);
}

function takeDeferred(state: ReplyState, effects: ReplyEffect[]): void {
  const count = state.deferredTo === 'disk' ? state.deferredInAll : state.deferred;
  effects.push({ kind: 'take-deferred', from: state.deferredTo, count });
  state.deferred = 0;
}

function settle(state: ReplyState, effects: ReplyEffect[], end: LoadEnd | null): void {
  if (state.settled) return;
  state.settled = true;
  effects.push({ kind: 'settle', end });
}
