import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldsToFix, isApiError, type ApiError } from '../../../src/api/apiError';
import { fetchSingleObject, openObjectStream, type AnsweredBases } from '../../../src/api/client';
import { MAX_TEXT_BYTES } from '../../../src/speckle/textLimit';
import { paddedObjectText } from '../support/paddedObjects';
import { fakeSpeckleToken } from '../support/fakeToken';

const OBJECT = { projectId: '0123456789', objectId: 'a'.repeat(32) };
const TOKEN = 'secret-token-0123456789abcdef0123456789abc';

const BASE = 'https://speckle.example';
let answered: AnsweredBases;

beforeEach(() => {
  answered = new Set();
});
afterEach(() => vi.unstubAllGlobals());

/** A fetch that answers with the next of `answers`: a Response, or a TypeError like a browser's. */
function stubFetch(...answers: ('fails' | (() => Response))[]) {
  const fetchStub = vi.fn(async () => {
    const answer = answers.shift();
    if (answer === undefined) throw new Error('unexpected request');
    if (answer === 'fails') throw new TypeError('Failed to fetch');
    return answer();
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

const objectAnswer = () =>
  new Response(`{"id":"${OBJECT.objectId}"}`, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });

const pong = () => new Response('pong', { headers: { 'Content-Type': 'text/plain' } });

/** Looks the object up, expecting it to fail. */
async function failure(): Promise<ApiError> {
  const error: unknown = await fetchSingleObject(
    { base: BASE, token: TOKEN },
    OBJECT,
    answered,
  ).catch((caught: unknown) => caught);
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

const requestedUrls = (fetchStub: ReturnType<typeof stubFetch>) =>
  fetchStub.mock.calls.map((call: unknown[]) => String(call[0]));

describe('a failed request (network error)', () => {
  it('at an address that never answered: tries the other base form once, then reports it at once, not retried', async () => {
    const fetchStub = stubFetch('fails', 'fails');

    const error = await failure();

    expect(requestedUrls(fetchStub)).toEqual([
      `${BASE}/objects/${OBJECT.projectId}/${OBJECT.objectId}/single`,
      `${BASE}/api/objects/${OBJECT.projectId}/${OBJECT.objectId}/single`,
    ]);
    expect(error.kind).toBe('network');
    expect(error.isTransient).toBe(false);
    expect(error.message).toMatch(/Could not reach https:\/\/speckle\.example\. .*wrong/);
    expect(error.message).not.toContain(TOKEN);
  });

  it('only knows what answered in its own session', async () => {
    stubFetch(objectAnswer, 'fails', 'fails');
    await fetchSingleObject({ base: BASE, token: TOKEN }, OBJECT, answered);
    answered = new Set();

    expect((await failure()).isTransient).toBe(false);
  });

  it('at an address that answered earlier: a transient failure, retried, without trying another base', async () => {
    const fetchStub = stubFetch(objectAnswer, 'fails');
    await fetchSingleObject({ base: BASE, token: TOKEN }, OBJECT, answered);

    const error = await failure();

    expect(fetchStub).toHaveBeenCalledTimes(2);
    expect(requestedUrls(fetchStub)[1]).toBe(
      `${BASE}/objects/${OBJECT.projectId}/${OBJECT.objectId}/single`,
    );
    expect(error.kind).toBe('network');
    expect(error.isTransient).toBe(true);
    expect(error.message).toMatch(/which answered earlier, so the address is right/);
    expect(error.message).not.toContain(TOKEN);
  });

  it('counts a refusal from the server (404 for an unknown project) as an answer', async () => {
    stubFetch(() => new Response('', { status: 404 }), pong, 'fails');
    expect((await failure()).kind).toBe('project-not-found');

    expect((await failure()).isTransient).toBe(true);
  });

  const webPage = () =>
    new Response('<!doctype html><p>app</p>', { headers: { 'Content-Type': 'text/html' } });
  const gatewayPage = () =>
    new Response('<html>502 Bad Gateway</html>', {
      status: 502,
      headers: { 'Content-Type': 'text/html' },
    });

  it.each([
    // A web page makes the client try the other base form too.
    ['a web page', [webPage, webPage]],
    ['a gateway page', [gatewayPage]],
  ])('does not count %s as a Speckle server answering', async (_name, answers) => {
    stubFetch(...answers, 'fails', 'fails');
    await failure();

    const next = await failure();

    expect(next.kind).toBe('network');
    expect(next.isTransient).toBe(false);
  });
});

describe('fetchSingleObject of an object over the text limit', () => {
  it('refuses it as too large, naming its size and where its exact bytes can be had', async () => {
    const body = paddedObjectText(OBJECT.objectId, MAX_TEXT_BYTES + 500_000);
    stubFetch(() => new Response(body, { headers: { 'Content-Type': 'application/json' } }));

    const error = await failure();

    expect(error.kind).toBe('too-large');
    expect(error.message).toBe(
      `Object ${OBJECT.objectId} is 64.5 MB of JSON, more than the 64 MB this explorer reads as ` +
        'text, so it is not shown, searched or written as text. Get with children keeps its ' +
        'bytes as received, and "Download server lines (id, tab, JSON)" saves them exactly.',
    );
    expect(error.isTransient).toBe(false);
  });

  it('reads an object of exactly the limit', async () => {
    const body = paddedObjectText(OBJECT.objectId, MAX_TEXT_BYTES);
    stubFetch(() => new Response(body, { headers: { 'Content-Type': 'application/json' } }));

    const { raw } = await fetchSingleObject({ base: BASE, token: TOKEN }, OBJECT, answered);

    expect(raw.length).toBe(MAX_TEXT_BYTES);
  });
});

describe('fetchSingleObject of a readable object', () => {
  it("gives the body's size in bytes as received, a malformed sequence counted as sent", async () => {
    const text = `{"id":"${OBJECT.objectId}","name":"Façade `;
    // 0xC3 then 0x28: a lead byte with no continuation, one byte the text shows as U+FFFD, three.
    const body = new Uint8Array([...new TextEncoder().encode(text), 0xc3, 0x28, 0x22, 0x7d]);
    stubFetch(() => new Response(body, { headers: { 'Content-Type': 'application/json' } }));

    const { raw, bytes } = await fetchSingleObject({ base: BASE, token: TOKEN }, OBJECT, answered);

    expect(raw).toBe(`${text}\uFFFD("}`);
    expect(bytes).toBe(body.byteLength);
    expect(new TextEncoder().encode(raw).byteLength).toBe(body.byteLength + 2);
  });

  it('counts the ids its closure lists, for the lookup to say whether its children fit', async () => {
    const closure = { ['a'.repeat(32)]: 1, ['b'.repeat(32)]: 2 };
    const text = JSON.stringify({ id: OBJECT.objectId, __closure: closure, speckle_type: 'Base' });
    stubFetch(() => new Response(text, { headers: { 'Content-Type': 'application/json' } }));

    const { closureCount } = await fetchSingleObject(
      { base: BASE, token: TOKEN },
      OBJECT,
      answered,
    );

    expect(closureCount).toBe(2);
  });
});

describe('the browser cache', () => {
  const cacheModes = (fetchStub: ReturnType<typeof stubFetch>) =>
    fetchStub.mock.calls.map((call: unknown[]) => (call[1] as RequestInit).cache);

  it('never stores or serves a with-children body, on either base form', async () => {
    const lines = () =>
      new Response(`${OBJECT.objectId}\t{}\n`, { headers: { 'Content-Type': 'text/plain' } });
    const fetchStub = stubFetch('fails', lines);

    await openObjectStream({ base: BASE, token: TOKEN }, OBJECT, answered);

    expect(requestedUrls(fetchStub)).toHaveLength(2);
    expect(cacheModes(fetchStub)).toEqual(['no-store', 'no-store']);
  });

  it('is left to revalidate a single object by its ETag', async () => {
    const fetchStub = stubFetch(objectAnswer);

    await fetchSingleObject({ base: BASE, token: TOKEN }, OBJECT, answered);

    expect(cacheModes(fetchStub)).toEqual([undefined]);
  });
});

describe('a 404 that is not Speckle\'s "Failed to find object."', () => {
  it("is an unknown project when the address answers Speckle's ping", async () => {
    const fetchStub = stubFetch(() => new Response('', { status: 404 }), pong);

    expect((await failure()).kind).toBe('project-not-found');
    expect(requestedUrls(fetchStub)[1]).toBe(`${BASE}/api/ping`);
  });

  it.each([
    ['an empty 404', () => new Response('', { status: 404 })],
    [
      "another server's JSON 404",
      () => Response.json({ message: 'Not Found', statusCode: 404 }, { status: 404 }),
    ],
  ])(
    'from an address without the ping, %s blames the address, not the project',
    async (_, answer) => {
      const notFound = () => new Response('Not Found', { status: 404 });
      // Each base form: the object request, then the ping.
      stubFetch(answer, notFound, answer, 'fails');

      const error = await failure();

      expect(error.kind).toBe('not-speckle');
      expect(error.message).toMatch(/server URL is wrong, not the ids/);
      expect(error.message).not.toMatch(/no project/);
    },
  );

  it('asks no ping of an address that has answered as Speckle before', async () => {
    answered.add(BASE);
    const fetchStub = stubFetch(() => new Response('', { status: 404 }));

    expect((await failure()).kind).toBe('project-not-found');
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });
});

describe('the request path', () => {
  it.each([
    ['slashes and dots', '../../api/ping'],
    ['percent signs', '100%25%2F%zz'],
    ['unicode', 'obj\u00e9ct-\u6f22'],
  ])('keeps an id with %s inside its path segment', async (_case, objectId) => {
    const fetchStub = stubFetch(objectAnswer);
    await fetchSingleObject({ base: BASE, token: TOKEN }, { ...OBJECT, objectId }, answered);

    expect(requestedUrls(fetchStub)).toEqual([
      `${BASE}/objects/${OBJECT.projectId}/${encodeURIComponent(objectId)}/single`,
    ]);
  });
});

describe('a redirect', () => {
  /** What a browser hands over for a redirect a request was told not to follow. */
  const stoppedRedirect = () =>
    Object.defineProperty(new Response(null), 'type', { value: 'opaqueredirect' });
  /** The same address asked again without the token, as the browser answers once it followed. */
  const arrivedAt = (url: string) => () =>
    Object.defineProperties(new Response('{}'), {
      redirected: { value: true },
      url: { value: url },
    });
  const singlePath = `/objects/${OBJECT.projectId}/${OBJECT.objectId}/single`;
  const init = (fetchStub: ReturnType<typeof stubFetch>, index: number) =>
    (fetchStub.mock.calls[index] as unknown[] | undefined)?.[1] as
      (RequestInit & { headers?: Record<string, string> }) | undefined;

  it('is not followed by a request carrying the token, and the error names where it led', async () => {
    const fetchStub = stubFetch(
      stoppedRedirect,
      arrivedAt(`https://other.example/api${singlePath}`),
    );

    const error = await failure();

    expect(init(fetchStub, 0)?.redirect).toBe('manual');
    expect(init(fetchStub, 0)?.headers?.Authorization).toBe(`Bearer ${TOKEN}`);
    // Where it leads is asked without the token.
    expect(requestedUrls(fetchStub)[1]).toBe(`${BASE}${singlePath}`);
    expect(init(fetchStub, 1)?.headers).toBeUndefined();
    expect(error.kind).toBe('redirected');
    expect(error.message).toBe(
      `${BASE} redirected the request to https://other.example/api, and the token was not sent on. If you trust https://other.example/api, enter it as the server address.`,
    );
    expect(fieldsToFix(error)).toEqual(['Server URL']);
    expect(error.isTransient).toBe(false);
  });

  it('says so when the browser cannot tell where it led, and never shows the token put in its address', async () => {
    stubFetch(stoppedRedirect, 'fails');
    expect((await failure()).message).toMatch(/redirected the request elsewhere/);

    stubFetch(stoppedRedirect, arrivedAt(`https://evil.example/${TOKEN}`));
    const error = await failure();
    expect(error.message).toContain('https://evil.example');
    expect(error.message).not.toContain(TOKEN);
  });

  it('is followed by a request without a token, which has nothing to carry along', async () => {
    const fetchStub = stubFetch(objectAnswer);
    await fetchSingleObject({ base: BASE, token: '' }, OBJECT, answered);
    expect(init(fetchStub, 0)?.redirect).toBe('follow');
  });
});

describe("a server's text that echoes the token", () => {
  it('is shown without it', async () => {
    const speckleToken = fakeSpeckleToken('echoed');
    stubFetch(
      () =>
        new Response(
          `{"error":"upstream said: Authorization: Bearer ${TOKEN}; key ${speckleToken}"}`,
          {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          },
        ),
    );

    const error = await failure();

    expect(error.kind).toBe('server-error');
    expect(error.message).toContain('Authorization: Bearer [hidden]; key [hidden]');
    expect(error.message).not.toContain(TOKEN);
    expect(error.context.serverText).not.toContain(speckleToken);
  });
});
