import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromErrorData, loadBody, type FromLoad } from '../../../../src/objects/load/bodyLoad';
import { BlockIndexer } from '../../../../src/objects/load/indexing';
import { DEFAULT_CEILINGS } from '../../../../src/objects/load/loadCeilings';

const ROOT = 'a'.repeat(32);
const CHILD = 'b'.repeat(32);
const rootLine = `${ROOT}\t{"id":"${ROOT}","__closure":{"${CHILD}":1}}\n`;
const request = {
  access: { base: 'https://speckle.example', token: 'token' },
  address: { projectId: 'p', objectId: ROOT },
  answered: [],
  ceilings: DEFAULT_CEILINGS,
};

afterEach(() => vi.unstubAllGlobals());

/** Serves one body made of `chunks`, one per read, then `end`: close it, fail it, or stall. */
function serve(chunks: string[], end: 'close' | Error | 'stall') {
  const cancelled = vi.fn();
  const left = chunks.map((chunk) => new TextEncoder().encode(chunk));
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = left.shift();
        if (chunk) controller.enqueue(chunk);
        else if (end === 'close') controller.close();
        else if (end instanceof Error) controller.error(end);
        else return new Promise<void>(() => undefined);
      },
      cancel: cancelled,
    },
    { highWaterMark: 0 },
  );
  const fetchStub = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(
    async () => new Response(body, { headers: { 'Content-Type': 'text/plain' } }),
  );
  vi.stubGlobal('fetch', fetchStub);
  return { fetchStub, cancelled };
}

async function load(signal?: AbortSignal, replies: FromLoad[] = [], ceilings = DEFAULT_CEILINGS) {
  const send = (reply: FromLoad) => void replies.push(reply);
  await loadBody({ ...request, ceilings }, new BlockIndexer(), send, signal);
  return replies;
}

describe('loadBody', () => {
  it('requests the body in line mode, says which base answered, sends blocks, then the end', async () => {
    const { fetchStub } = serve([rootLine, `${CHILD}\t{"id":`, `"${CHILD}"}\n`], 'close');
    const replies = await load();

    const [url, init] = fetchStub.mock.calls[0]!;
    expect(url).toBe(`https://speckle.example/objects/p/${ROOT}`);
    expect(init.headers).toEqual({ Accept: 'text/plain', Authorization: 'Bearer token' });
    expect(replies.map((reply) => reply.kind)).toEqual([
      'opened',
      'block',
      'block',
      'block',
      'finished',
    ]);
    expect(replies[0]).toEqual({
      kind: 'opened',
      base: 'https://speckle.example',
      answered: ['https://speckle.example'],
    });
    expect(replies.at(-1)).toEqual({ kind: 'finished', complete: true });
  });

  it("sends the server's refusal as data that becomes the same ApiError again", async () => {
    // A Speckle server (it answers its ping) that has no project p.
    vi.stubGlobal('fetch', async (url: string) =>
      url.endsWith('/api/ping') ? new Response('pong') : new Response('', { status: 404 }),
    );
    const [refused, ...rest] = await load();

    expect(rest).toEqual([]);
    expect(refused).toMatchObject({ kind: 'refused', answered: ['https://speckle.example'] });
    const error = fromErrorData((refused as Extract<FromLoad, { kind: 'refused' }>).error);
    expect(error).toMatchObject({ kind: 'project-not-found', context: { status: 404 } });
    expect(error.message).toMatch(/There is no project p on https:\/\/speckle.example/);
    expect(JSON.stringify(refused)).not.toContain('token');
  });

  it('says why the body broke, after the blocks that arrived', async () => {
    serve([rootLine], new TypeError('network error'));
    const replies = await load();

    expect(replies.map((reply) => reply.kind)).toEqual(['opened', 'block', 'finished']);
    expect(replies.at(-1)).toEqual({ kind: 'finished', complete: true, broken: 'network error' });
  });

  it('stops reading at a malformed line and cancels the rest of the body', async () => {
    const { cancelled } = serve([rootLine, 'not a line\n'], 'stall');
    const replies = await load();

    const block = replies.find((reply) => reply.kind === 'block' && reply.block.malformed);
    expect(block).toBeDefined();
    expect(cancelled).toHaveBeenCalled();
    expect(replies.at(-1)).toMatchObject({ kind: 'finished' });
  });

  it('stops reading at a ceiling, cancels the rest of the body and says which ceiling', async () => {
    // A server that never stops sending: the root, then the same child line forever.
    const { cancelled } = serve(
      [rootLine, ...Array(50).fill(`${CHILD}\t{"id":"${CHILD}"}\n`)],
      'stall',
    );
    const ceilings = { ...DEFAULT_CEILINGS, objects: 3 };
    const replies = await load(undefined, [], ceilings);

    expect(cancelled).toHaveBeenCalled();
    const lines = replies.flatMap((reply) =>
      reply.kind === 'block' ? [...reply.block.starts] : [],
    );
    expect(lines).toHaveLength(3);
    expect(replies.at(-1)).toEqual({ kind: 'finished', complete: false, ceiling: 'objects' });
  });

  it('cancels the body when the page aborts the load', async () => {
    const { cancelled } = serve([rootLine], 'stall');
    const abort = new AbortController();
    const replies: FromLoad[] = [];
    const loading = load(abort.signal, replies);
    await vi.waitFor(() => expect(replies.map((reply) => reply.kind)).toContain('block'));
    expect(cancelled).not.toHaveBeenCalled();
    abort.abort();
    await loading;

    expect(cancelled).toHaveBeenCalled();
    expect(replies.map((reply) => reply.kind)).toEqual(['opened', 'block', 'finished']);
  });
});
