import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpillPlan } from '../../../../src/objects/spill/spillPlan';
import { StorageError, type ByteStore } from '../../../../src/objects/set/byteStore';
import { memoryByteStore } from '../../support/memoryByteStore';
import { DEFAULT_CEILINGS } from '../../../../src/objects/load/loadCeilings';

/** Stands in for the indexing worker: records what it is told, and keeps the vault it is given. */
class FakeWorker {
  static started: FakeWorker[] = [];
  posted: unknown[] = [];
  vault: MessagePort | null = null;
  terminated = false;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeWorker.started.push(this);
  }
  postMessage(message: { kind: string; port?: MessagePort }) {
    if (message.kind === 'vault') this.vault = message.port!;
    else this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  /** Puts a deferred block's bytes in the vault, as the worker does: a batch of one part. */
  putInVault(bytes: Uint8Array) {
    this.vault!.postMessage([bytes], [bytes.buffer]);
  }
}

let idleCallbacks: (() => void)[] = [];
function runIdleCallbacks() {
  const due = idleCallbacks;
  idleCallbacks = [];
  for (const callback of due) callback();
}

beforeEach(() => {
  FakeWorker.started = [];
  idleCallbacks = [];
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
  // The spare worker is the module's state: each test starts without one.
  vi.resetModules();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const channelModule = () => import('../../../../src/objects/load/indexChannel');
const access = { base: 'https://speckle.example', token: 'secret-token' };
const address = { projectId: 'p', objectId: 'a'.repeat(32) };

/** A sink that notes what it is given. */
function sink() {
  return {
    appendBlock: vi.fn(),
    receiveBytes: vi.fn<(parts: readonly Uint8Array[]) => void>(),
    spillTo: vi.fn<(store: ByteStore) => void>(),
    noteStorage: vi.fn<(note: string) => void>(),
  };
}

/** A block as the worker sends it: its bytes, or null when deferred, and `lines` objects. */
const block = (
  offset: number,
  bytes: Uint8Array | null,
  lines = 1,
  expected: number | null = null,
) => ({
  offset,
  bytes,
  byteLength: bytes?.length ?? 1,
  starts: new Float64Array(lines),
  ends: new Float64Array(lines).fill(offset + (bytes?.length ?? 1)),
  expected,
});

/** The worker's side: replies as it would post them, in one batch. */
function reply(worker: FakeWorker, ...replies: unknown[]) {
  worker.onmessage?.({ data: replies } as MessageEvent);
}

/** A load whose worker has answered: the body is on its way. */
async function openedLoad(spill: SpillPlan | null = null) {
  const { openIndexChannel } = await channelModule();
  const blocks = sink();
  const channel = openIndexChannel(blocks, new AbortController().signal, spill);
  const worker = FakeWorker.started[0]!;
  void channel.open(access, address, new Set(), DEFAULT_CEILINGS);
  reply(worker, { kind: 'opened', base: access.base, answered: [access.base] });
  return { blocks, channel, worker };
}

/** A load whose worker has sent one block without its bytes, [1, 2], which are in the vault. */
async function deferringLoad() {
  const load = await openedLoad();
  load.worker.putInVault(new Uint8Array([1, 2]));
  reply(load.worker, { kind: 'block', block: block(0, null) });
  return load;
}

/** The bytes the sink was given, as lists of numbers. */
const received = (blocks: ReturnType<typeof sink>) =>
  blocks.receiveBytes.mock.calls.map(([parts]) => parts.map((part) => [...part]));

describe('a load in the indexing worker', () => {
  it('asks the worker for the body with the bases known to answer, and hears which one did', async () => {
    const { openIndexChannel } = await channelModule();
    const blocks = sink();
    const channel = openIndexChannel(blocks, new AbortController().signal);
    const [worker] = FakeWorker.started;
    const answered = new Set(['https://known.example']);

    const opened = channel.open(access, address, answered, DEFAULT_CEILINGS);
    expect(worker!.vault).toBeInstanceOf(MessagePort);
    expect(worker!.posted).toEqual([
      {
        kind: 'load',
        request: {
          access,
          address,
          ceilings: DEFAULT_CEILINGS,
          answered: ['https://known.example'],
        },
      },
    ]);
    reply(worker!, { kind: 'opened', base: access.base, answered: [...answered, access.base] });
    await expect(opened).resolves.toBe(access.base);
    expect(answered).toEqual(new Set(['https://known.example', access.base]));

    const first = block(0, new Uint8Array(1));
    reply(worker!, { kind: 'block', block: first });
    reply(worker!, { kind: 'finished', complete: false, broken: 'network error' });
    expect(blocks.appendBlock.mock.calls).toEqual([[first]]);
    await expect(channel.finished).resolves.toEqual({ complete: false, broken: 'network error' });
  });

  it("turns the worker's refusal back into an ApiError, and can ask again", async () => {
    const { openIndexChannel } = await channelModule();
    const channel = openIndexChannel(sink(), new AbortController().signal);
    const [worker] = FakeWorker.started;
    const context = { base: access.base, ...address, hadToken: true, status: 429 };

    const refused = channel.open(access, address, new Set(), DEFAULT_CEILINGS);
    reply(worker!, {
      kind: 'refused',
      error: { kind: 'rate-limited', context, message: 'Slow down' },
      answered: [access.base],
    });
    await expect(refused).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'rate-limited',
      context,
      message: 'Slow down',
    });
    await expect(refused).rejects.toBeInstanceOf(
      (await import('../../../../src/api/apiError')).ApiError,
    );

    const again = channel.open(access, address, new Set([access.base]), DEFAULT_CEILINGS);
    expect(worker!.posted).toHaveLength(2);
    reply(worker!, { kind: 'opened', base: access.base, answered: [access.base] });
    await expect(again).resolves.toBe(access.base);
  });

  it('leaves the load incomplete, not cancelled, when the worker breaks', async () => {
    const { openIndexChannel } = await channelModule();
    const channel = openIndexChannel(sink(), new AbortController().signal);
    const [worker] = FakeWorker.started;
    const opened = channel.open(access, address, new Set(), DEFAULT_CEILINGS);

    worker!.onerror?.();
    expect(worker!.terminated).toBe(true);
    await expect(opened).rejects.toMatchObject({ kind: 'truncated' });
    await expect(channel.finished).resolves.toBeNull();
  });

  it('on release, asks the worker to send the bytes with each block, and takes the deferred ones', async () => {
    const { blocks, channel, worker } = await deferringLoad();

    channel.release();
    expect(worker.posted.at(-1)).toEqual({ kind: 'release' });
    reply(worker, { kind: 'released' });
    await vi.waitFor(() => expect(received(blocks)).toEqual([[[1, 2]]]));
  });

  it('gives the sink the deferred bytes before any block sent after them, and before the end', async () => {
    const { blocks, channel, worker } = await deferringLoad();
    worker.putInVault(new Uint8Array([3]));
    reply(worker, { kind: 'block', block: block(2, null) });

    reply(worker, { kind: 'released' });
    reply(worker, { kind: 'block', block: block(3, new Uint8Array([4])) });
    reply(worker, { kind: 'finished', complete: true });
    expect(blocks.appendBlock).toHaveBeenCalledTimes(2);

    await expect(channel.finished).resolves.toEqual({ complete: true, broken: undefined });
    expect(received(blocks)).toEqual([[[1, 2], [3]]]);
    expect(blocks.appendBlock).toHaveBeenCalledTimes(3);
    expect(blocks.receiveBytes.mock.invocationCallOrder[0]).toBeLessThan(
      blocks.appendBlock.mock.invocationCallOrder[2]!,
    );
  });

  it('takes the deferred bytes before the end when the body ends first', async () => {
    const { blocks, channel, worker } = await deferringLoad();

    reply(worker, { kind: 'finished', complete: true });

    await expect(channel.finished).resolves.toEqual({ complete: true, broken: undefined });
    expect(received(blocks)).toEqual([[[1, 2]]]);
  });

  it('tells the sink at once when released with nothing deferred', async () => {
    const { blocks, channel, worker } = await openedLoad();

    channel.release();
    reply(worker, { kind: 'released' });

    await vi.waitFor(() => expect(received(blocks)).toEqual([[]]));
  });

  it('on a stop, ends the worker at once, and still takes the deferred bytes from the vault', async () => {
    const { blocks, channel, worker } = await deferringLoad();
    // Read before the worker was ended: put in the vault, but its block is not taken.
    worker.putInVault(new Uint8Array([9]));

    const stopped = [channel.stop(), channel.stop()];
    expect(worker.terminated).toBe(true);
    reply(worker, { kind: 'block', block: block(2, null) });
    await expect(channel.finished).resolves.toBeNull();
    await Promise.all(stopped);

    expect(received(blocks)).toEqual([[[1, 2]]]);
    expect(blocks.appendBlock).toHaveBeenCalledTimes(1);
  });

  it('keeps the deferred bytes when the worker breaks', async () => {
    const { blocks, worker } = await deferringLoad();

    worker.onerror?.();

    expect(worker.terminated).toBe(true);
    await vi.waitFor(() => expect(received(blocks)).toEqual([[[1, 2]]]));
  });

  it('starts receiving the deferred bytes once nine in ten of the expected lines have come', async () => {
    const pages: MessagePort[] = [];
    const RealChannel = MessageChannel;
    vi.stubGlobal(
      'MessageChannel',
      class {
        readonly port1: MessagePort;
        readonly port2: MessagePort;
        constructor() {
          ({ port1: this.port1, port2: this.port2 } = new RealChannel());
          pages.push(this.port1);
        }
      },
    );
    const { blocks, channel, worker } = await openedLoad();

    reply(worker, { kind: 'block', block: block(0, new Uint8Array(1), 1, 10) });
    worker.putInVault(new Uint8Array(1));
    reply(worker, { kind: 'block', block: block(1, null, 7) });
    expect(pages[0]!.onmessage).toBeNull();
    worker.putInVault(new Uint8Array(1));
    reply(worker, { kind: 'block', block: block(2, null, 1) });
    expect(pages[0]!.onmessage).toBeTypeOf('function');
    // Brought in, not yet taken: the sink gets them when they are asked for.
    expect(blocks.receiveBytes).not.toHaveBeenCalled();
    await channel.stop();
  });

  it('stops at once: the worker ends, a pending request is cancelled, the end is null', async () => {
    const { openIndexChannel } = await channelModule();
    const channel = openIndexChannel(sink(), new AbortController().signal);
    const [worker] = FakeWorker.started;
    const opened = channel.open(access, address, new Set(), DEFAULT_CEILINGS);

    channel.stop();
    expect(worker!.terminated).toBe(true);
    await expect(opened).rejects.toMatchObject({ kind: 'cancelled' });
    await expect(channel.finished).resolves.toBeNull();
  });
});

describe('reading files in the indexing worker', () => {
  it('hands the files to the worker, with no request, and brings back its blocks, notes and end', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { openIndexChannel } = await channelModule();
    const blocks = { ...sink(), noteFile: vi.fn() };
    const channel = openIndexChannel(blocks, new AbortController().signal);
    const worker = FakeWorker.started[0]!;
    const files = [new File(['[]'], 'model.json')];
    channel.openFiles(files);
    expect(worker.posted).toEqual([{ kind: 'files', files }]);

    const read = { name: 'model.json', size: 2, form: 'json-array', objects: 1, complete: true };
    const problem = { kind: 'file-problem', message: 'In model.json, the text at line 1 …' };
    reply(
      worker,
      { kind: 'block', block: block(0, new Uint8Array([1])) },
      { kind: 'file-read', file: read },
      problem,
      { kind: 'finished', complete: false },
    );
    expect(blocks.appendBlock).toHaveBeenCalledTimes(1);
    expect(blocks.noteFile.mock.calls).toEqual([[{ kind: 'file-read', file: read }], [problem]]);
    await expect(channel.finished).resolves.toEqual({ complete: false, broken: undefined });
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('the spare indexing worker', () => {
  it('is started and warmed up when the page is idle, and the next load takes it', async () => {
    const { openIndexChannel, prepareIndexWorker } = await channelModule();
    prepareIndexWorker();
    expect(FakeWorker.started).toHaveLength(0);
    runIdleCallbacks();
    expect(FakeWorker.started).toHaveLength(1);
    const [spare] = FakeWorker.started;
    expect(spare!.posted).toEqual([{ kind: 'warm-up' }]);

    const channel = openIndexChannel(sink(), new AbortController().signal);
    void channel.open(access, address, new Set(), DEFAULT_CEILINGS);
    expect(FakeWorker.started).toHaveLength(1);
    expect(spare!.posted).toHaveLength(2);
    expect(spare!.posted[1]).toMatchObject({ kind: 'load' });
  });

  it('is prepared again a while after a load, once however often the load is stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { openIndexChannel } = await channelModule();
    const channel = openIndexChannel(sink(), new AbortController().signal);
    expect(FakeWorker.started).toHaveLength(1);
    const [ownWorker] = FakeWorker.started;

    channel.stop();
    channel.stop();
    expect(ownWorker!.terminated).toBe(true);
    runIdleCallbacks();
    expect(FakeWorker.started).toHaveLength(1);
    vi.advanceTimersByTime(2000);
    runIdleCallbacks();
    expect(FakeWorker.started).toHaveLength(2);
    expect(FakeWorker.started[1]!.posted).toEqual([{ kind: 'warm-up' }]);

    openIndexChannel(sink(), new AbortController().signal);
    expect(FakeWorker.started).toHaveLength(2);
  });

  it('is dropped when it fails to start, and the load starts a worker of its own', async () => {
    const { openIndexChannel, prepareIndexWorker } = await channelModule();
    prepareIndexWorker();
    runIdleCallbacks();
    const [spare] = FakeWorker.started;
    spare!.onerror?.();
    expect(spare!.terminated).toBe(true);

    openIndexChannel(sink(), new AbortController().signal);
    expect(FakeWorker.started).toHaveLength(2);
    expect(FakeWorker.started[1]!.posted).toEqual([]);
  });

  it('is not prepared twice when the page is asked twice before it is idle', async () => {
    const { prepareIndexWorker } = await channelModule();
    prepareIndexWorker();
    prepareIndexWorker();
    runIdleCallbacks();
    expect(FakeWorker.started).toHaveLength(1);
  });
});

describe('a load with a spill plan', () => {
  /** Spills bodies expected over 1,000 bytes; the storage has `freeBytes` free. */
  const plan = (freeBytes = 1e9, memoryLimit = 1e9): SpillPlan => ({
    threshold: 1000,
    memoryLimit,
    room: { freeBytes },
    open: () => memoryByteStore(),
  });

  /** The root (4 bytes) of a model of 1,001 objects, then an object of 10 deferred bytes. */
  async function bigLoad(spill: SpillPlan) {
    const load = await openedLoad(spill);
    reply(load.worker, { kind: 'block', block: block(0, new Uint8Array(4), 1, 1001) });
    load.worker.putInVault(new Uint8Array(10).fill(7));
    reply(load.worker, { kind: 'block', block: { ...block(4, null), byteLength: 10 } });
    return load;
  }

  it('sends the deferred bytes to a store once the body is expected past the threshold', async () => {
    const { blocks, channel, worker } = await bigLoad(plan());

    expect(blocks.spillTo).toHaveBeenCalledTimes(1);
    const store = blocks.spillTo.mock.calls[0]![0];
    // A reader's want is answered from the store, not by the worker.
    channel.release();
    expect(worker.posted).toEqual([expect.objectContaining({ kind: 'load' })]);
    reply(worker, { kind: 'finished', complete: true });

    await expect(channel.finished).resolves.toEqual({ complete: true, broken: undefined });
    expect([...(await store.read(0, 10))]).toEqual(new Array(10).fill(7));
    expect(blocks.receiveBytes).not.toHaveBeenCalled();
  });

  it('keeps a body expected under the threshold in the page, as without a plan', async () => {
    const { blocks, channel, worker } = await openedLoad(plan());
    reply(worker, { kind: 'block', block: block(0, new Uint8Array(4), 1, 11) });
    worker.putInVault(new Uint8Array([1, 2]));
    reply(worker, { kind: 'block', block: block(4, null) });

    channel.release();
    expect(worker.posted.at(-1)).toEqual({ kind: 'release' });
    reply(worker, { kind: 'released' });
    await vi.waitFor(() => expect(received(blocks)).toEqual([[[1, 2]]]));
    expect(blocks.spillTo).not.toHaveBeenCalled();
  });

  it('says why a body too big for the page stays there when the storage has no room', async () => {
    const { blocks } = await bigLoad(plan(5000));

    expect(blocks.spillTo).not.toHaveBeenCalled();
    expect(blocks.noteStorage).toHaveBeenCalledWith(
      expect.stringMatching(/about 10.0 kB, more than the 5.0 kB the browser's storage has free/),
    );
  });

  it('ends with the store’s failure and what it kept, apart from the stream’s end', async () => {
    const store = memoryByteStore();
    const full = new StorageError('wrote 4294967288 of 2097152 bytes at byte 2097152000', 6);
    store.stored = () => Promise.reject(full);
    const { channel, worker } = await bigLoad({ ...plan(), open: () => store });
    reply(worker, { kind: 'finished', complete: true });

    const end = await channel.finished;
    expect(end).toMatchObject({ complete: true, broken: undefined });
    expect(end?.storageFailure).toBe(full);
  });

  it('stops the load at the memory limit when the body could not spill', async () => {
    const { blocks, channel, worker } = await bigLoad(plan(5000, 15));
    reply(worker, { kind: 'block', block: { ...block(14, null), byteLength: 10 } });

    await expect(channel.finished).resolves.toEqual({
      complete: false,
      broken: expect.stringMatching(/stopped at 15 B, all the tab can hold/),
    });
    expect(blocks.appendBlock).toHaveBeenCalledTimes(3);
  });
});
