import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadObjectSet } from '../../../../src/objects/load/loadObjectSet';
import { ObjectSet } from '../../../../src/objects/set/objectSet';
import { indexerReply, BlockIndexer } from '../../../../src/objects/load/indexing';

const ROOT = 'a'.repeat(32);
const CHILD = 'b'.repeat(32);
const firstLines = `${ROOT}\t{"id":"${ROOT}","__closure":{"${CHILD}":1}}\n${CHILD}\t{"id":`;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/**
 * Serves one body that sends `chunks` and then waits; resolves its cancel reason when cancelled.
 */
function stallingServer(chunks = [firstLines]) {
  let cancelled: (reason: unknown) => void = () => undefined;
  const streamCancelled = new Promise((resolve) => (cancelled = resolve));
  const fetchStub = vi.fn(
    async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
          },
          cancel: (reason) => cancelled(reason ?? 'cancelled'),
        }),
        { headers: { 'Content-Type': 'text/plain' } },
      ),
  );
  vi.stubGlobal('fetch', fetchStub);
  return { streamCancelled };
}

describe('loadObjectSet', () => {
  it('stops the network at once on cancel and keeps the objects received, marked incomplete', async () => {
    const server = stallingServer();
    const set = new ObjectSet();
    const access = { base: 'https://speckle.example', token: '' };
    const loading = loadObjectSet(
      set,
      access,
      { projectId: 'p', objectId: ROOT },
      new Set(),
      () => {},
    );
    await vi.waitFor(() => expect(set.getProgress().received).toBe(1));

    set.cancel();
    await loading;

    await expect(server.streamCancelled).resolves.toBeDefined();
    expect(set.getProgress()).toMatchObject({ status: 'incomplete', received: 1, expected: 2 });
    expect(set.getProgress().error?.kind).toBe('cancelled');
    expect(set.raw(ROOT)).toBe(`{"id":"${ROOT}","__closure":{"${CHILD}":1}}`);
    expect(set.has(CHILD)).toBe(false);
  });
});

describe('loadObjectSet: ceilings', () => {
  it('stops an endless body at the object ceiling, keeps what came before and says why', async () => {
    const child = (n: number) => {
      const id = n.toString(16).padStart(32, '0');
      return `${id}\t{"id":"${id}"}\n`;
    };
    const server = stallingServer([
      `${ROOT}\t{"id":"${ROOT}","__closure":{}}\n`,
      ...Array.from({ length: 20 }, (_, n) => child(n + 1)),
    ]);
    const set = new ObjectSet();
    const access = { base: 'https://speckle.example', token: '' };
    const ceilings = { objects: 5, bytes: 1e9, objectBytes: 1e6 };
    await loadObjectSet(
      set,
      access,
      { projectId: 'p', objectId: ROOT },
      new Set(),
      () => {},
      ceilings,
    );

    await expect(server.streamCancelled).resolves.toBeDefined();
    const progress = set.getProgress();
    expect(progress).toMatchObject({ status: 'incomplete', received: 5 });
    expect(progress.error).toMatchObject({ kind: 'ceiling', context: { ceiling: 'objects' } });
    expect(progress.error?.message).toBe(
      'The load stopped at this tab\'s limit of 5 objects: the 5 objects before it are kept and marked incomplete. Raise the limit under "Load limits" to read further.',
    );
    expect(set.has(child(4).slice(0, 32))).toBe(true);
    expect(set.has(child(5).slice(0, 32))).toBe(false);
  });
});

describe('loadObjectSet: bytes the indexer defers', () => {
  const childText = `{"id":"${CHILD}"}`;
  const load = (set: ObjectSet) =>
    loadObjectSet(
      set,
      { base: 'https://speckle.example', token: '' },
      { projectId: 'p', objectId: ROOT },
      new Set(),
      () => {},
    );

  it('reads a deferred object once a reader wants the bytes, while the load goes on', async () => {
    stallingServer([firstLines, `"${CHILD}"}\n`]);
    const set = new ObjectSet();
    const loading = load(set);
    await vi.waitFor(() => expect(set.getProgress().received).toBe(2));
    expect(set.raw(CHILD)).toBeUndefined();

    await set.wantBytes();

    expect(set.raw(CHILD)).toBe(childText);
    expect(set.getProgress()).toMatchObject({ status: 'loading', readable: 2 });
    set.cancel();
    await loading;
  });

  it('keeps the deferred objects readable when the load is cancelled', async () => {
    stallingServer([firstLines, `"${CHILD}"}\n`]);
    const set = new ObjectSet();
    const loading = load(set);
    await vi.waitFor(() => expect(set.getProgress().received).toBe(2));

    set.cancel();
    await loading;

    expect(set.getProgress()).toMatchObject({ status: 'incomplete', received: 2, readable: 2 });
    expect(set.raw(CHILD)).toBe(childText);
  });
});

describe('loadObjectSet: automatic retries before the stream opens', () => {
  const access = { base: 'https://speckle.example', token: 'token' };
  const address = { projectId: 'p', objectId: ROOT };
  const wholeBody = `${ROOT}\t{"id":"${ROOT}","__closure":{"${CHILD}":1}}\n${CHILD}\t{"id":"${CHILD}"}\n`;
  const rateLimited = () =>
    Response.json({ error: { message: 'slow down', code: 'RATE_LIMIT_ERROR' } }, { status: 429 });
  const gatewayPage = () =>
    new Response('<html><h1>503 Service Temporarily Unavailable</h1></html>', {
      status: 503,
      headers: { 'Content-Type': 'text/html' },
    });
  const lines = () => new Response(wholeBody, { headers: { 'Content-Type': 'text/plain' } });

  function serve(...answers: (() => Response)[]) {
    const fetchStub = vi.fn(async () => {
      const answer = answers.shift();
      if (!answer) throw new Error('unexpected request');
      return answer();
    });
    vi.stubGlobal('fetch', fetchStub);
    return fetchStub;
  }

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 1 s after a 429 and 2 s after a gateway 503, saying so, then loads the stream', async () => {
    const fetchStub = serve(rateLimited, gatewayPage, lines);
    const set = new ObjectSet();
    const loading = loadObjectSet(set, access, address, new Set(), () => {});

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(set.getProgress().retry).toEqual({ attempt: 1, of: 3, delayMs: 1000 });
    expect(set.getProgress().error?.kind).toBe('rate-limited');
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchStub).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStub).toHaveBeenCalledTimes(2);
    expect(set.getProgress().retry).toEqual({ attempt: 2, of: 3, delayMs: 2000 });
    expect(set.getProgress().error?.context.status).toBe(503);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchStub).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(1);
    await vi.runAllTimersAsync();
    await loading;
    expect(fetchStub).toHaveBeenCalledTimes(3);
    expect(set.getProgress()).toMatchObject({
      status: 'complete',
      received: 2,
      retry: null,
      error: null,
    });
  });

  it('gives up after 3 retries (1 s, 2 s, 4 s) and keeps the last error for the Retry button', async () => {
    const fetchStub = serve(rateLimited, rateLimited, rateLimited, rateLimited);
    const set = new ObjectSet();
    const loading = loadObjectSet(set, access, address, new Set(), () => {});

    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 - 1);
    expect(fetchStub).toHaveBeenCalledTimes(3);
    expect(set.getProgress().retry).toMatchObject({ attempt: 3, delayMs: 4000 });
    await vi.advanceTimersByTimeAsync(1);
    await loading;

    expect(fetchStub).toHaveBeenCalledTimes(4);
    expect(set.getProgress()).toMatchObject({ status: 'failed', received: 0, retry: null });
    expect(set.getProgress().error?.kind).toBe('rate-limited');
  });

  it('does not retry an answer that waiting cannot change (401)', async () => {
    const fetchStub = serve(() => new Response(null, { status: 401 }));
    const set = new ObjectSet();

    await loadObjectSet(set, access, address, new Set(), () => {});

    expect(fetchStub).toHaveBeenCalledTimes(1);
    expect(set.getProgress()).toMatchObject({ status: 'failed', retry: null });
    expect(set.getProgress().error?.kind).toBe('no-access');
  });
});

describe('loadObjectSet: a worker that breaks mid-body', () => {
  it('keeps the blocks it sent and marks the set incomplete (truncated), not cancelled', async () => {
    const firstBlock = indexerReply(new BlockIndexer(), {
      kind: 'chunk',
      chunk: new TextEncoder().encode(firstLines),
    })!.reply;
    class BreakingWorker {
      onmessage: ((event: { data: unknown }) => void) | null = null;
      onerror: (() => void) | null = null;
      postMessage() {
        setTimeout(() => {
          // The worker posts its replies in batches.
          this.onmessage?.({
            data: [{ kind: 'opened', base: 'https://speckle.example', answered: [] }],
          });
          this.onmessage?.({ data: [firstBlock] });
          this.onerror?.();
        });
      }
      terminate() {}
    }
    vi.stubGlobal('Worker', BreakingWorker);
    const set = new ObjectSet();
    const access = { base: 'https://speckle.example', token: '' };
    await loadObjectSet(set, access, { projectId: 'p', objectId: ROOT }, new Set(), () => {});

    expect(set.getProgress()).toMatchObject({ status: 'incomplete', received: 1, expected: 2 });
    expect(set.getProgress().error?.kind).toBe('truncated');
  });
});
