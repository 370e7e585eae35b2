import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** Stands in for the indexing worker: records what it is told. */
class FakeWorker {
  static started: FakeWorker[] = [];
  posted: unknown[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeWorker.started.push(this);
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
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

const channelModule = () => import('../../src/api/indexChannel');

describe('the spare indexing worker', () => {
  it('is started and warmed up when the page is idle, and the next load takes it', async () => {
    const { openIndexChannel, prepareIndexWorker } = await channelModule();
    prepareIndexWorker();
    expect(FakeWorker.started).toHaveLength(0);
    runIdleCallbacks();
    expect(FakeWorker.started).toHaveLength(1);
    const [spare] = FakeWorker.started;
    expect(spare!.posted).toEqual([{ kind: 'warm-up' }]);

    const channel = openIndexChannel(() => undefined);
    channel.push(new Uint8Array([0x7b]));
    expect(FakeWorker.started).toHaveLength(1);
    expect(spare!.posted).toHaveLength(2);
    expect(spare!.posted[1]).toMatchObject({ kind: 'chunk' });
  });

  it('is prepared again a while after a load, once however often the load is stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { openIndexChannel } = await channelModule();
    const channel = openIndexChannel(() => undefined);
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

    openIndexChannel(() => undefined);
    expect(FakeWorker.started).toHaveLength(2);
  });

  it('is dropped when it fails to start, and the load starts a worker of its own', async () => {
    const { openIndexChannel, prepareIndexWorker } = await channelModule();
    prepareIndexWorker();
    runIdleCallbacks();
    const [spare] = FakeWorker.started;
    spare!.onerror?.();
    expect(spare!.terminated).toBe(true);

    openIndexChannel(() => undefined);
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
