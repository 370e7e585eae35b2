import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadObjectSet } from '../../src/api/loadObjectSet';
import { ObjectSet } from '../../src/speckle/objectSet';

const ROOT = 'a'.repeat(32);
const CHILD = 'b'.repeat(32);
const firstLines = `${ROOT}\t{"id":"${ROOT}","__closure":{"${CHILD}":1}}\n${CHILD}\t{"id":`;

afterEach(() => vi.unstubAllGlobals());

/** Serves one body that sends `first` and then waits; resolves its cancel reason when cancelled. */
function stallingServer() {
  let cancelled: (reason: unknown) => void = () => undefined;
  const streamCancelled = new Promise((resolve) => (cancelled = resolve));
  const fetchStub = vi.fn(
    async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(firstLines));
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
    const loading = loadObjectSet(set, access, { projectId: 'p', objectId: ROOT }, new Set(), () => {});
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
