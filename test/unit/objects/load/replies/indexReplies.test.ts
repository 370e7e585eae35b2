import { describe, expect, it } from 'vitest';
import {
  initialReplyState,
  reduceReply,
  type ChannelEvent,
  type ReplyEffect,
  type ReplyState,
  type ServerAnswer,
} from '../../../../../src/objects/load/replies/indexReplies';
import type { FromLoad } from '../../../../../src/objects/load/bodyLoad';
import type { FileNote } from '../../../../../src/objects/files/fileLoad';
import type { SpillPlan } from '../../../../../src/objects/spill/spillPlan';
import type { IndexedBlock } from '../../../../../src/objects/set/indexedBlock';
import { StorageError } from '../../../../../src/objects/set/byteStore';

/** Spills bodies expected past 1,000 bytes, and holds up to 5,000 in memory. */
const plan = (room: SpillPlan['room'] = { freeBytes: 1_000_000 }): SpillPlan => ({
  threshold: 1_000,
  memoryLimit: 5_000,
  room,
  open: () => {
    throw new Error('the reducer never opens a store');
  },
});
const roomy = plan();
const noStorage = plan({ unavailable: 'this browser has no private file system' });

/** A block of `byteLength` bytes at `offset`, with `lines` objects; deferred when `deferred`. */
function block(
  offset: number,
  byteLength: number,
  {
    lines = 1,
    expected = null as number | null,
    deferred = false,
    rootEnd = offset + byteLength,
  } = {},
): IndexedBlock {
  return {
    bytes: deferred ? null : new Uint8Array(byteLength),
    byteLength,
    offset,
    idText: '',
    idEnds: new Uint32Array(lines),
    idHashes: new Uint32Array(lines),
    starts: new Float64Array(lines),
    ends: new Float64Array(lines).fill(offset + byteLength).fill(rootEnd, 0, 1),
    types: new Uint32Array(lines),
    newTypes: [],
    expected,
    goodEnd: offset + byteLength,
    malformed: null,
    damaged: [],
  };
}

const state = (changes: Partial<ReplyState> = {}): ReplyState => ({
  ...initialReplyState(null),
  ...changes,
});
const body = (bytes: number, lines: number, expected: number | null, rootEnd: number | null) => ({
  bytes,
  lines,
  expected,
  rootEnd,
});

const first = block(0, 100);
const firstDeferred = block(0, 100, { deferred: true });
const nearEnd = block(100, 100, { lines: 9, expected: 10 });
const midway = block(100, 100, { lines: 5, expected: 10 });
/** A body whose root and first object say it will be 10,000 bytes: past the threshold. */
const bigStart = block(0, 200, { lines: 2, expected: 100, rootEnd: 100 });
const pastLimit = block(5_000, 100);
const opened: ServerAnswer = { kind: 'opened', base: 'https://speckle.example', answered: ['b'] };
const refused: ServerAnswer = {
  kind: 'refused',
  error: {
    kind: 'object-not-found',
    context: { base: 'https://speckle.example', projectId: 'p', objectId: 'a', hadToken: false },
    message: 'gone',
  },
  answered: [],
};
const finished: FromLoad = { kind: 'finished', complete: true };
const broken: FromLoad = { kind: 'finished', complete: false, broken: 'the connection closed' };
const fileRead: FileNote = {
  kind: 'file-read',
  file: {
    name: 'model.jsonl',
    size: 300,
    gzip: false,
    form: 'json-lines',
    objects: 3,
    bytes: 300,
    complete: true,
    incompleteBecause: null,
  },
};
const fileProblem: FileNote = { kind: 'file-problem', message: 'model.jsonl: line 2 is no JSON' };
const reread: FileNote = { kind: 'files-reread', reread: { root: null, problems: [] } };
const diskFull = new StorageError('The disk is full', 300);
const otherFailure = new StorageError('The file went away', 100);

interface Row {
  name: string;
  before: ReplyState;
  event: FromLoad | ChannelEvent;
  /** What changes in the state: the rest stays as it was. */
  changes: Partial<ReplyState>;
  effects: ReplyEffect[];
}

const rows: Row[] = [
  // Opening
  {
    name: 'open waits for the server',
    before: state(),
    event: { kind: 'open' },
    changes: { awaitingOpening: true },
    effects: [],
  },
  {
    name: 'opened answers the waiting opening',
    before: state({ awaitingOpening: true }),
    event: opened,
    changes: { awaitingOpening: false },
    effects: [{ kind: 'answer-opening', reply: opened }],
  },
  {
    name: 'an error before any block answers the opening, and ends nothing',
    before: state({ awaitingOpening: true }),
    event: refused,
    changes: { awaitingOpening: false },
    effects: [{ kind: 'answer-opening', reply: refused }],
  },
  {
    name: 'an answer that no opening waits for is dropped',
    before: state(),
    event: opened,
    changes: {},
    effects: [],
  },
  // Blocks
  {
    name: 'a block with its bytes goes to the sink, and the body grows',
    before: state(),
    event: { kind: 'block', block: first },
    changes: { body: body(100, 1, null, 100) },
    effects: [{ kind: 'append-block', block: first }],
  },
  {
    name: 'a block without its bytes is counted as deferred',
    before: state({ deferred: 2, deferredInAll: 5 }),
    event: { kind: 'block', block: firstDeferred },
    changes: { deferred: 3, deferredInAll: 6, body: body(100, 1, null, 100) },
    effects: [{ kind: 'append-block', block: firstDeferred }],
  },
  {
    name: 'the root and the expected count come from the first block that has them',
    before: state({ body: body(100, 1, 10, 100) }),
    event: { kind: 'block', block: midway },
    changes: { body: body(200, 6, 10, 100) },
    effects: [{ kind: 'append-block', block: midway }],
  },
  {
    name: 'a block at 90% of the expected lines has the page receive the deferred bytes',
    before: { ...initialReplyState(roomy), body: body(100, 1, null, 100) },
    event: { kind: 'block', block: nearEnd },
    changes: { body: body(200, 10, 10, 100), mayStore: false },
    effects: [{ kind: 'append-block', block: nearEnd }, { kind: 'receive-deferred' }],
  },
  {
    name: 'near the end, deferred bytes that spilled do not come to the page',
    before: state({ body: body(100, 1, null, 100), deferredTo: 'disk' }),
    event: { kind: 'block', block: nearEnd },
    changes: { body: body(200, 10, 10, 100) },
    effects: [{ kind: 'append-block', block: nearEnd }],
  },
  {
    name: 'near the end, bytes kept in the files do not come to the page',
    before: state({ body: body(100, 1, null, 100), deferredTo: 'files' }),
    event: { kind: 'block', block: nearEnd },
    changes: { body: body(200, 10, 10, 100) },
    effects: [{ kind: 'append-block', block: nearEnd }],
  },
  {
    name: 'a body expected past the threshold spills, and is then no longer limited',
    before: initialReplyState(roomy),
    event: { kind: 'block', block: bigStart },
    changes: { body: body(200, 2, 100, 100), mayStore: false, deferredTo: 'disk' },
    effects: [
      { kind: 'append-block', block: bigStart },
      { kind: 'spill', expectedBytes: 10_000 },
    ],
  },
  {
    name: 'a body small enough for memory does not spill yet',
    before: initialReplyState(roomy),
    event: { kind: 'block', block: first },
    changes: { body: body(100, 1, null, 100) },
    effects: [{ kind: 'append-block', block: first }],
  },
  {
    name: 'a body too big for a storage that is unavailable says so, once',
    before: initialReplyState(noStorage),
    event: { kind: 'block', block: bigStart },
    changes: { body: body(200, 2, 100, 100), mayStore: false },
    effects: [
      { kind: 'append-block', block: bigStart },
      {
        kind: 'note-storage',
        note: expect.stringContaining('this browser has no private file system') as string,
      },
    ],
  },
  {
    name: 'a body past the memory limit with no store stops the load, incomplete',
    before: { ...initialReplyState(roomy), mayStore: false },
    event: { kind: 'block', block: pastLimit },
    changes: { body: body(5_100, 1, null, 5_100), limited: true, settled: true },
    effects: [
      { kind: 'append-block', block: pastLimit },
      {
        kind: 'settle',
        end: { complete: false, broken: expect.stringContaining('The load stopped') as string },
      },
    ],
  },
  {
    name: 'bytes kept in the files do not lift the memory limit',
    before: { ...initialReplyState(roomy), mayStore: false, deferredTo: 'files' },
    event: { kind: 'block', block: pastLimit },
    changes: { body: body(5_100, 1, null, 5_100), limited: true, settled: true },
    effects: [
      { kind: 'append-block', block: pastLimit },
      {
        kind: 'settle',
        end: { complete: false, broken: expect.stringContaining('The load stopped') as string },
      },
    ],
  },
  {
    name: 'a spilled body passes the memory limit',
    before: { ...initialReplyState(roomy), mayStore: false, deferredTo: 'disk' },
    event: { kind: 'block', block: pastLimit },
    changes: { body: body(5_100, 1, null, 5_100) },
    effects: [{ kind: 'append-block', block: pastLimit }],
  },
  {
    name: 'a reply after the memory limit is dropped',
    before: state({ limited: true, settled: true }),
    event: finished,
    changes: {},
    effects: [],
  },
  {
    name: 'a reply after the load stopped is dropped',
    before: state({ stopped: true, settled: true }),
    event: { kind: 'block', block: first },
    changes: {},
    effects: [],
  },
  {
    name: 'a reply that comes while deferred bytes are taken waits for them',
    before: state({ waiting: [finished] }),
    event: { kind: 'block', block: first },
    changes: { waiting: [finished, { kind: 'block', block: first }] },
    effects: [],
  },
  // Taking the deferred bytes
  {
    name: 'released takes the deferred bytes from the vault, and they never spill then',
    before: state({ deferred: 3, deferredInAll: 3, mayStore: true }),
    event: { kind: 'released' },
    changes: { deferred: 0, mayStore: false, waiting: [] },
    effects: [{ kind: 'take-deferred', from: 'page', count: 3 }],
  },
  {
    name: 'once spilled, the store is waited for all the deferred bytes, not only the last ones',
    before: state({ deferred: 2, deferredInAll: 7, deferredTo: 'disk' }),
    event: { kind: 'released' },
    changes: { deferred: 0, waiting: [] },
    effects: [{ kind: 'take-deferred', from: 'disk', count: 7 }],
  },
  {
    name: 'finished with nothing deferred ends the load',
    before: state(),
    event: finished,
    changes: { settled: true },
    effects: [{ kind: 'settle', end: { complete: true, broken: undefined } }],
  },
  {
    name: 'a broken body before any block ends the load with why',
    before: state(),
    event: broken,
    changes: { settled: true },
    effects: [{ kind: 'settle', end: { complete: false, broken: 'the connection closed' } }],
  },
  {
    name: 'finished with bytes deferred takes them first, and waits',
    before: state({ deferred: 2, deferredInAll: 2 }),
    event: finished,
    changes: { deferred: 0, waiting: [finished] },
    effects: [{ kind: 'take-deferred', from: 'page', count: 2 }],
  },
  {
    name: 'once the deferred bytes are taken, the end that waited comes',
    before: state({ waiting: [finished] }),
    event: { kind: 'deferred-taken' },
    changes: { waiting: null, settled: true },
    effects: [{ kind: 'settle', end: { complete: true, broken: undefined } }],
  },
  {
    name: 'a store that failed then the end: the load ends with the failure',
    before: state({ deferredTo: 'disk', waiting: [finished] }),
    event: { kind: 'deferred-taken', storageFailure: diskFull },
    changes: { waiting: null, settled: true, storageFailure: diskFull },
    effects: [
      { kind: 'settle', end: { complete: true, broken: undefined, storageFailure: diskFull } },
    ],
  },
  {
    name: 'the first storage failure is the one kept',
    before: state({ deferredTo: 'disk', storageFailure: diskFull, waiting: [] }),
    event: { kind: 'deferred-taken', storageFailure: otherFailure },
    changes: { waiting: null },
    effects: [],
  },
  {
    name: 'the replies that waited go on in order, and wait again for another take',
    before: state({
      waiting: [
        { kind: 'block', block: firstDeferred },
        { kind: 'released' },
        { kind: 'block', block: midway },
      ],
    }),
    event: { kind: 'deferred-taken' },
    changes: {
      deferredInAll: 1,
      body: body(100, 1, null, 100),
      waiting: [{ kind: 'block', block: midway }],
    },
    effects: [
      { kind: 'append-block', block: firstDeferred },
      { kind: 'take-deferred', from: 'page', count: 1 },
    ],
  },
  // Opened files
  {
    name: 'bytes kept in the files are read back from there, and never spill',
    before: state({ mayStore: true }),
    event: { kind: 'bytes-in-files' },
    changes: { deferredTo: 'files', mayStore: false },
    effects: [{ kind: 'keep-bytes-in-files' }],
  },
  {
    name: 'a file read whose bytes stay in the files ends a file there',
    before: state({ deferredTo: 'files' }),
    event: fileRead,
    changes: {},
    effects: [
      { kind: 'file-ended', bytes: 300 },
      { kind: 'note-file', note: fileRead },
    ],
  },
  {
    name: 'a file read whose bytes came to the page is only noted',
    before: state(),
    event: fileRead,
    changes: {},
    effects: [{ kind: 'note-file', note: fileRead }],
  },
  {
    name: 'a file problem is noted',
    before: state(),
    event: fileProblem,
    changes: {},
    effects: [{ kind: 'note-file', note: fileProblem }],
  },
  {
    name: 'the files reread after the end are noted',
    before: state({ settled: true }),
    event: reread,
    changes: {},
    effects: [{ kind: 'note-file', note: reread }],
  },
  // Deciding the storage as a reader wants the deferred bytes
  {
    name: 'a reader wanting the deferred bytes of a big body has them spill',
    before: { ...initialReplyState(roomy), body: body(200, 2, 100, 100) },
    event: { kind: 'decide-storage' },
    changes: { mayStore: false, deferredTo: 'disk' },
    effects: [{ kind: 'spill', expectedBytes: 10_000 }],
  },
  {
    name: 'a reader wanting the deferred bytes of a small body has them come to the page',
    before: { ...initialReplyState(roomy), body: body(100, 1, null, 100) },
    event: { kind: 'decide-storage' },
    changes: { mayStore: false },
    effects: [],
  },
  {
    name: 'a refused spill leaves the bytes for the page, and the limit applies again',
    before: {
      ...initialReplyState(roomy),
      mayStore: false,
      deferredTo: 'disk',
      body: body(5_100, 2, 100, 200),
    },
    event: { kind: 'spill-refused' },
    changes: { deferredTo: 'page', limited: true, settled: true },
    effects: [
      {
        kind: 'settle',
        end: { complete: false, broken: expect.stringContaining('The load stopped') as string },
      },
    ],
  },
  {
    name: 'a refused spill near the end has the page receive the deferred bytes',
    before: {
      ...initialReplyState(roomy),
      mayStore: false,
      deferredTo: 'disk',
      body: body(900, 9, 10, 100),
    },
    event: { kind: 'spill-refused' },
    changes: { deferredTo: 'page' },
    effects: [{ kind: 'receive-deferred' }],
  },
  // Stopping
  {
    name: 'a stop fails the waiting opening and ends the load with no end',
    before: state({ awaitingOpening: true }),
    event: { kind: 'stop', why: 'cancelled' },
    changes: { awaitingOpening: false, stopped: true, settled: true },
    effects: [
      { kind: 'cancel-opening', why: 'cancelled' },
      { kind: 'settle', end: null },
    ],
  },
  {
    name: 'a stop takes the deferred bytes, so that the sink has them',
    before: state({ deferred: 2, deferredInAll: 2 }),
    event: { kind: 'stop', why: 'truncated' },
    changes: { deferred: 0, stopped: true, settled: true },
    effects: [
      { kind: 'settle', end: null },
      { kind: 'take-deferred', from: 'page', count: 2 },
    ],
  },
  {
    name: 'a stop after the end changes no end',
    before: state({ settled: true }),
    event: { kind: 'stop', why: 'cancelled' },
    changes: { stopped: true },
    effects: [],
  },
  {
    name: 'a second stop does nothing',
    before: state({ stopped: true, settled: true, awaitingOpening: false }),
    event: { kind: 'stop', why: 'truncated' },
    changes: {},
    effects: [],
  },
];

/** Pure: a change to the state given throws (test modules are strict). */
function frozen(before: ReplyState): ReplyState {
  Object.freeze(before.body);
  if (before.waiting) Object.freeze(before.waiting);
  return Object.freeze(before);
}

describe('reduceReply', () => {
  it.each(rows)('$name', ({ before, event, changes, effects }) => {
    const reduced = reduceReply(frozen(before), event);
    expect(reduced.effects).toEqual(effects);
    expect(reduced.state).toEqual({ ...before, ...changes });
  });
});
