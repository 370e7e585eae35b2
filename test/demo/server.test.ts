import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PATH_PREFIX,
  DEMO_TOKEN,
  PRIVATE_PROJECT_ID,
  PUBLIC_ONLY_TOKEN,
  PUBLIC_PROJECT_ID,
  type DemoManifest,
  type ManifestObject,
} from '../../demo/catalog.ts';
import { compareJsonbKeys } from '../../demo/jsonb.ts';
import { createDemoHandler, startDemoServer, type DemoServer } from '../../demo/server.ts';
import { gunzipPartial, rawRequest } from './http.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/speckle-real/${name}`, import.meta.url), 'utf8');
const auth = { Authorization: `Bearer ${DEMO_TOKEN}` };

let server: DemoServer;
let manifest: DemoManifest;
let manifestMs: number;

function entry(projectId: string, label: string): ManifestObject {
  const project = manifest.projects.find((candidate) => candidate.id === projectId);
  const found = project?.objects.find((object) => object.label === label);
  if (!found) throw new Error(`No manifest entry ${label}`);
  return found;
}

const objectUrl = (projectId: string, objectId: string, single = false) =>
  `${server.url}/objects/${projectId}/${objectId}${single ? '/single' : ''}`;

function splitLines(text: string): { id: string; raw: string }[] {
  expect(text.endsWith('\n')).toBe(true);
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => ({
      id: line.slice(0, line.indexOf('\t')),
      raw: line.slice(line.indexOf('\t') + 1),
    }));
}

function keysInJsonbOrder(text: string): boolean {
  const keys = Object.keys(JSON.parse(text) as object);
  return keys.every((key, i) => i === 0 || compareJsonbKeys(keys[i - 1] as string, key) < 0);
}

beforeAll(async () => {
  server = await startDemoServer({ testControls: true });
  const started = performance.now();
  const res = await fetch(`${server.url}/demo.json`);
  manifest = (await res.json()) as DemoManifest;
  manifestMs = performance.now() - started;
  console.info(`demo.json cold: ${manifestMs.toFixed(0)} ms`);
});

afterAll(() => server.close());

describe('demo server basics', () => {
  it('is mounted under the prefix and reports its url', () => {
    expect(server.url).toBe(`${server.origin}${DEMO_PATH_PREFIX}`);
  });

  it('answers /api/ping with pong, without a token', async () => {
    const res = await fetch(`${server.url}/api/ping`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toBe('pong');
  });

  it('answers /api/objects/... with an HTML "Cannot GET" page, like the real server', async () => {
    const path = `${DEMO_PATH_PREFIX}/api/objects/${PUBLIC_PROJECT_ID}/x`;
    const res = await fetch(`${server.origin}${path}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toContain(`<pre>Cannot GET ${path}</pre>`);
  });

  it('calls next() for paths outside its prefix', () => {
    const handler = createDemoHandler();
    let called = false;
    handler({ url: '/src/main.tsx', method: 'GET', headers: {} } as never, {} as never, () => {
      called = true;
    });
    expect(called).toBe(true);
  });

  it('can be mounted at the origin root', async () => {
    const rooted = await startDemoServer({ prefix: '' });
    try {
      expect(rooted.url).toBe(rooted.origin);
      const res = await fetch(`${rooted.url}/api/ping`);
      expect(await res.text()).toBe('pong');
    } finally {
      await rooted.close();
    }
  });
});

describe('manifest', () => {
  it('lists both projects, the tokens and every served root', () => {
    expect(manifest).toMatchObject({
      name: 'Demo server',
      token: DEMO_TOKEN,
      publicOnlyToken: PUBLIC_ONLY_TOKEN,
    });
    expect(DEMO_TOKEN).toHaveLength(42);
    expect(PUBLIC_ONLY_TOKEN).toHaveLength(42);
    const [publicProject, privateProject] = manifest.projects;
    expect(publicProject).toMatchObject({ id: PUBLIC_PROJECT_ID, visibility: 'public' });
    expect(privateProject).toMatchObject({ id: PRIVATE_PROJECT_ID, visibility: 'private' });
    expect(publicProject?.objects.map((object) => [object.label, object.objectCount])).toEqual([
      ['Revit floor (real data)', 13],
      ['Blender cube (real data)', 9],
      ['Revit model root, children not stored (real data)', 1],
      ['Brep with descendants missing from the database (real data)', 3],
      ['Collection referring to the Revit floor outside its closure', 2],
      ['Generated building, 10 objects', 10],
      ['Generated building, 100 objects', 100],
      ['Generated building, 1,000 objects', 1000],
      ['Generated building, 10,000 objects', 10000],
      ['Large single object, 20 MB', 1],
    ]);
    expect(privateProject?.objects.map((object) => object.objectCount)).toEqual([1000, 100000]);
    for (const project of manifest.projects) {
      for (const object of project.objects) {
        expect(object.id).toMatch(/^[0-9a-f]{32}$/);
        expect(object.speckleType).not.toBe('');
      }
    }
  });

  it('answers fast: generated models are listed by their pinned root ids, not built', () => {
    expect(manifestMs).toBeLessThan(2_000);
  });
});

describe('/single', () => {
  it('sends the compact object with headers like Express', async () => {
    const root = entry(PUBLIC_PROJECT_ID, 'Revit model root, children not stored (real data)');
    const res = await rawRequest(objectUrl(PUBLIC_PROJECT_ID, root.id, true));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(res.body.length));
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers.etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    // The recorded answer of a real server, byte for byte.
    const recorded = fixture('revit-model-root.single.json').replace(/^\uFEFF/, '');
    expect(`${res.body.toString('utf8')}\n`).toBe(recorded);
  });

  it('inserts "totalChildrenCount":null in key order on generated objects', async () => {
    const model = entry(PUBLIC_PROJECT_ID, 'Generated building, 100 objects');
    const text = await (await fetch(objectUrl(PUBLIC_PROJECT_ID, model.id, true))).text();
    expect(text).toContain('"totalChildrenCount":null');
    expect(text).not.toContain(', ');
    expect(keysInJsonbOrder(text)).toBe(true);
    expect(Object.keys((JSON.parse(text) as { __closure: object }).__closure)).toHaveLength(99);
  });

  it('answers 304 to a matching If-None-Match, and HEAD without a body', async () => {
    const url = objectUrl(
      PUBLIC_PROJECT_ID,
      entry(PUBLIC_PROJECT_ID, 'Revit floor (real data)').id,
      true,
    );
    const first = await rawRequest(url);
    const etag = String(first.headers.etag);
    const cached = await rawRequest(url, { headers: { 'If-None-Match': etag } });
    expect(cached.status).toBe(304);
    expect(cached.body).toHaveLength(0);
    expect(cached.headers.etag).toBe(etag);
    const other = await rawRequest(url, { headers: { 'If-None-Match': 'W/"1-x"' } });
    expect(other.status).toBe(200);
    const head = await rawRequest(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    expect(head.body).toHaveLength(0);
  });
});

describe('with children', () => {
  const model = () => entry(PUBLIC_PROJECT_ID, 'Generated building, 1,000 objects');

  it('streams a gzip-encoded JSON array by default: root first, children by id', async () => {
    const res = await rawRequest(objectUrl(PUBLIC_PROJECT_ID, model().id), { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const text = gunzipPartial(res.body);
    const objects = JSON.parse(text) as { id: string; __closure?: object }[];
    expect(objects).toHaveLength(1000);
    expect(objects[0]?.id).toBe(model().id);
    const childIds = objects.slice(1).map((object) => object.id);
    expect(childIds).toEqual([...childIds].sort());
    expect(new Set(childIds)).toEqual(new Set(Object.keys(objects[0]?.__closure ?? {})));
  });

  it('sends <id>\\t<json>\\n lines only for Accept: text/plain exactly', async () => {
    const res = await rawRequest(objectUrl(PUBLIC_PROJECT_ID, model().id), {
      headers: { Accept: 'text/plain' },
    });
    expect(res.headers['content-type']).toBe('text/plain; charset=UTF-8');
    expect(res.headers['content-encoding']).toBe('gzip');
    const lines = splitLines(gunzipPartial(res.body));
    expect(lines).toHaveLength(1000);
    const [root, ...children] = lines;
    expect(root?.raw).toContain('"totalChildrenCount":null');
    expect(root?.raw).not.toContain('", "');
    for (const line of children) {
      expect(JSON.parse(line.raw)).toMatchObject({ id: line.id });
      expect(line.raw).not.toContain('"totalChildrenCount":null');
      expect(line.raw.startsWith(`{"id": "${line.id}", `)).toBe(true);
      expect(keysInJsonbOrder(line.raw)).toBe(true);
    }
    for (const accept of ['text/plain, */*', 'text/plain; charset=utf-8', 'Text/Plain', '*/*']) {
      const other = await fetch(objectUrl(PUBLIC_PROJECT_ID, model().id), {
        headers: { Accept: accept },
      });
      expect(other.headers.get('content-type')).toBe('application/json');
      expect((await other.text()).startsWith('[{')).toBe(true);
    }
  });

  it('makes the JSON array exactly "[" + line texts joined by "," + "]"', async () => {
    for (const label of ['Generated building, 100 objects', 'Revit floor (real data)']) {
      const { id } = entry(PUBLIC_PROJECT_ID, label);
      const lines = splitLines(
        await (
          await fetch(objectUrl(PUBLIC_PROJECT_ID, id), { headers: { Accept: 'text/plain' } })
        ).text(),
      );
      const array = await (await fetch(objectUrl(PUBLIC_PROJECT_ID, id))).text();
      expect(array).toBe(`[${lines.map((line) => line.raw).join(',')}]`);
    }
  });

  it('reproduces the recorded Blender response byte for byte', async () => {
    const { id } = entry(PUBLIC_PROJECT_ID, 'Blender cube (real data)');
    const text = await (await fetch(objectUrl(PUBLIC_PROJECT_ID, id))).text();
    expect(text).toBe(fixture('blender-cube.objects.json'));
  });

  it('skips closure members the project does not hold', async () => {
    const root = entry(PUBLIC_PROJECT_ID, 'Revit model root, children not stored (real data)');
    const onlyRoot = (await (
      await fetch(objectUrl(PUBLIC_PROJECT_ID, root.id))
    ).json()) as object[];
    expect(onlyRoot).toHaveLength(1);
    const brep = entry(
      PUBLIC_PROJECT_ID,
      'Brep with descendants missing from the database (real data)',
    );
    const objects = (await (await fetch(objectUrl(PUBLIC_PROJECT_ID, brep.id))).json()) as {
      __closure: object;
    }[];
    expect(objects).toHaveLength(brep.objectCount);
    expect(objects.length).toBeLessThan(1 + Object.keys(objects[0]?.__closure ?? {}).length);
  });

  it('answers HEAD with the stream headers and no body', async () => {
    const res = await rawRequest(objectUrl(PUBLIC_PROJECT_ID, model().id), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body).toHaveLength(0);
  });

  it('sends the root before the rest of a large stream is produced', async () => {
    const big = entry(PUBLIC_PROJECT_ID, 'Generated building, 10,000 objects');
    const res = await fetch(objectUrl(PUBLIC_PROJECT_ID, big.id), {
      headers: { Accept: 'text/plain' },
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    const firstText = new TextDecoder().decode(first.value);
    expect(firstText.startsWith(`${big.id}\t{"id":"${big.id}"`)).toBe(true);
    let lines = firstText.split('\n').length - 1;
    const decoder = new TextDecoder();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      lines += decoder.decode(chunk.value, { stream: true }).split('\n').length - 1;
    }
    expect(lines).toBe(10_000);
  });

  it('generates the 100k model on first request and streams it completely', async () => {
    const [, big] = manifest.projects[1]?.objects ?? [];
    const bigUrl = objectUrl(PRIVATE_PROJECT_ID, String(big?.id));
    let started = performance.now();
    const single = await fetch(`${bigUrl}/single`, { headers: auth });
    expect(single.status).toBe(200);
    await single.text();
    const generatedMs = performance.now() - started;
    started = performance.now();
    const res = await fetch(bigUrl, { headers: { ...auth, Accept: 'text/plain' } });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    const ids: string[] = [];
    let bytes = 0;
    let tail = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      bytes += chunk.value.length;
      const lines = (tail + decoder.decode(chunk.value, { stream: true })).split('\n');
      tail = lines.pop() ?? '';
      for (const line of lines) ids.push(line.slice(0, line.indexOf('\t')));
    }
    expect(tail).toBe('');
    expect(ids).toHaveLength(100_000);
    expect(ids[0]).toBe(big?.id);
    const children = ids.slice(1);
    expect(children.every((id, i) => i === 0 || (children[i - 1] as string) < id)).toBe(true);
    console.info(
      `100k model: generated in ${generatedMs.toFixed(0)} ms, streamed ${(bytes / 1e6).toFixed(0)} MB ` +
        `in ${(performance.now() - started).toFixed(0)} ms`,
    );
  }, 120_000);
});

describe('authentication and errors', () => {
  const publicRoot = () => entry(PUBLIC_PROJECT_ID, 'Generated building, 10 objects').id;
  const privateRoot = () =>
    entry(PRIVATE_PROJECT_ID, 'Generated building, 1,000 objects, private').id;
  const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

  it.each([
    // A well-formed 42-character token that the server does not know.
    ['an unknown token', `Bearer ${'0'.repeat(40)}aa`],
    ['a lower-case scheme', `bearer ${DEMO_TOKEN}`],
    ['two spaces', `Bearer  ${DEMO_TOKEN}`],
  ])('answers 403 JSON for %s, even on a public project', async (_, header) => {
    for (const single of [true, false]) {
      const res = await get(objectUrl(PUBLIC_PROJECT_ID, publicRoot(), single), {
        Authorization: header,
      });
      expect(res.status).toBe(403);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(await res.text()).toBe('{"error":"Your token is not valid."}');
    }
  });

  it('accepts a bare token without "Bearer "', async () => {
    const res = await get(objectUrl(PRIVATE_PROJECT_ID, privateRoot(), true), {
      Authorization: DEMO_TOKEN,
    });
    expect(res.status).toBe(200);
  });

  it('answers 401 with an empty body without a token on a private or unknown project', async () => {
    for (const projectId of [PRIVATE_PROJECT_ID, '0123456789', PRIVATE_PROJECT_ID.toUpperCase()]) {
      const res = await get(objectUrl(projectId, privateRoot(), true));
      expect(res.status).toBe(401);
      expect(await res.text()).toBe('');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('answers 401 to a valid token without access to the private project', async () => {
    const headers = { Authorization: `Bearer ${PUBLIC_ONLY_TOKEN}` };
    const denied = await get(objectUrl(PRIVATE_PROJECT_ID, privateRoot()), headers);
    expect(denied.status).toBe(401);
    expect(await denied.text()).toBe('');
    const allowed = await get(objectUrl(PUBLIC_PROJECT_ID, publicRoot(), true), headers);
    expect(allowed.status).toBe(200);
  });

  it('answers 404 with an empty body to a valid token on an unknown project', async () => {
    for (const projectId of ['0123456789', PUBLIC_PROJECT_ID.toUpperCase(), 'not-a-project']) {
      const res = await get(objectUrl(projectId, publicRoot()), auth);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe('');
    }
  });

  it('answers 404 "Failed to find object." for an object not in the project', async () => {
    const cases = [
      objectUrl(PRIVATE_PROJECT_ID, publicRoot()),
      objectUrl(PUBLIC_PROJECT_ID, publicRoot().toUpperCase(), true),
      objectUrl(PUBLIC_PROJECT_ID, `${publicRoot()}%2Fsingle`),
      objectUrl(PUBLIC_PROJECT_ID, '0'.repeat(32)),
    ];
    // An object nested inline has an id but is not stored on its own.
    const floor = JSON.parse(fixture('revit-floor.objects.json')) as { level: { id: string } }[];
    cases.push(objectUrl(PUBLIC_PROJECT_ID, String(floor[0]?.level.id), true));
    for (const url of cases) {
      const res = await get(url, auth);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(await res.text()).toBe('Failed to find object.');
    }
  });

  it('ignores a trailing slash and treats an empty segment as no route', async () => {
    expect((await get(`${objectUrl(PUBLIC_PROJECT_ID, publicRoot(), true)}/`)).status).toBe(200);
    expect((await get(`${objectUrl(PUBLIC_PROJECT_ID, publicRoot())}/`)).status).toBe(200);
    const empty = await get(`${server.url}/objects//${publicRoot()}`);
    expect(empty.status).toBe(404);
    expect(await empty.text()).toContain('Cannot GET');
    const extra = await get(`${objectUrl(PUBLIC_PROJECT_ID, publicRoot())}/single/more`);
    expect(extra.status).toBe(404);
    expect(await extra.text()).toContain('Cannot GET');
  });

  it('answers the CORS preflight with 204, echoing the requested headers', async () => {
    const res = await rawRequest(objectUrl(PRIVATE_PROJECT_ID, privateRoot()), {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization,accept',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-headers']).toBe('authorization,accept');
    expect(res.headers['access-control-allow-methods']).toBe('GET,HEAD,OPTIONS');
    expect(res.headers['access-control-max-age']).toBeUndefined();
  });
});

describe('test controls', () => {
  const url = () =>
    objectUrl(PUBLIC_PROJECT_ID, entry(PUBLIC_PROJECT_ID, 'Generated building, 100 objects').id);
  const setFault = async (fault: object) => {
    const res = await fetch(`${server.url}/__faults`, {
      method: 'POST',
      body: JSON.stringify(fault),
    });
    expect(res.status).toBe(204);
  };
  const clearFaults = async () => {
    expect((await fetch(`${server.url}/__faults`, { method: 'DELETE' })).status).toBe(204);
  };

  it('are absent unless enabled', async () => {
    const plain = await startDemoServer({ testControls: false });
    try {
      const res = await fetch(`${plain.url}/__faults`, { method: 'POST', body: '{"delayMs":1}' });
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Cannot POST');
    } finally {
      await plain.close();
    }
  });

  it('reject unknown faults', async () => {
    for (const body of ['{"status":418,"times":1}', '{"dropAfter":-1}', '{"nope":1}', 'not json']) {
      const res = await fetch(`${server.url}/__faults`, { method: 'POST', body });
      expect(res.status).toBe(400);
    }
  });

  it('answer 429 like the rate limiter for the next n object requests', async () => {
    await setFault({ status: 429, times: 2 });
    for (const single of [true, false]) {
      const res = await fetch(single ? `${url()}/single` : url());
      expect(res.status).toBe(429);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('retry-after')).toMatch(/^(0\.\d{1,3}|1)$/);
      expect(new Date(String(res.headers.get('x-ratelimit-reset'))).toISOString()).toBe(
        res.headers.get('x-ratelimit-reset'),
      );
      expect(await res.json()).toEqual({
        error: {
          message:
            'You have sent too many requests. You are being rate limited. Please try again later.',
          code: 'RATE_LIMIT_ERROR',
        },
      });
    }
    expect((await fetch(url())).status).toBe(200);
  });

  it('answer 500 with the error JSON', async () => {
    await setFault({ status: 500, times: 1 });
    const res = await fetch(url());
    expect(res.status).toBe(500);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({
      error: { message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' },
    });
  });

  it.each([502, 503, 504])('answer %i as a proxy page without CORS headers', async (status) => {
    await setFault({ status, times: 1 });
    const res = await rawRequest(url(), { headers: auth });
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toBe('text/html');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.body.toString()).toContain(`<h1>${status} `);
    expect((await rawRequest(url())).status).toBe(200);
  });

  it('cut the next stream after n objects (dropAfter)', async () => {
    await setFault({ dropAfter: 3 });
    const cut = await rawRequest(url(), { headers: { Accept: 'text/plain' } });
    expect(cut.status).toBe(200);
    expect(cut.aborted).toBe(true);
    const text = gunzipPartial(cut.body);
    expect(splitLines(text)).toHaveLength(3);
    await setFault({ dropAfter: 2 });
    const cutArray = await rawRequest(url());
    const partial = gunzipPartial(cutArray.body);
    expect(cutArray.aborted).toBe(true);
    expect(partial.startsWith('[{')).toBe(true);
    expect(partial.endsWith(']')).toBe(false);
    expect(partial.split('}, {"id"').length).toBeGreaterThan(0);
    const whole = await rawRequest(url());
    expect(whole.aborted).toBe(false);
    expect(gunzipPartial(whole.body).endsWith(']')).toBe(true);
  });

  it('send a line that is not an object after n objects (malformedAfter, text mode only)', async () => {
    await setFault({ malformedAfter: 2 });
    // A JSON-array response does not use it up.
    expect(((await (await fetch(url())).json()) as object[]).length).toBe(100);
    const text = await (await fetch(url(), { headers: { Accept: 'text/plain' } })).text();
    const lines = text.split('\n');
    expect(lines[0]).toContain('\t');
    expect(lines[1]).toContain('\t');
    expect(lines[2]).not.toContain('\t');
    expect(lines).toHaveLength(102);
    const clean = await (await fetch(url(), { headers: { Accept: 'text/plain' } })).text();
    expect(clean.split('\n').every((line) => line === '' || line.includes('\t'))).toBe(true);
  });

  it("cut one object's text short on a whole line (cutTextAfter, text mode only)", async () => {
    await setFault({ cutTextAfter: 2 });
    expect(((await (await fetch(url())).json()) as object[]).length).toBe(100);
    const text = await (await fetch(url(), { headers: { Accept: 'text/plain' } })).text();
    const clean = await (await fetch(url(), { headers: { Accept: 'text/plain' } })).text();
    const cutLines = text.split('\n');
    const cleanLines = clean.split('\n');
    expect(cutLines).toHaveLength(101);
    expect(cutLines.filter((line, index) => line !== cleanLines[index])).toEqual([cutLines[2]]);
    const [id, cutText] = cutLines[2]!.split('\t') as [string, string];
    const [cleanId, cleanText] = cleanLines[2]!.split('\t') as [string, string];
    expect(id).toBe(cleanId);
    expect(cleanText.startsWith(cutText)).toBe(true);
    expect(cutText.length).toBeLessThan(cleanText.length);
  });

  it('slow every stream down until cleared (delayMs)', async () => {
    const small = objectUrl(
      PUBLIC_PROJECT_ID,
      entry(PUBLIC_PROJECT_ID, 'Generated building, 10 objects').id,
    );
    await setFault({ delayMs: 40 });
    const started = performance.now();
    const res = await fetch(small, { headers: { Accept: 'text/plain' } });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const firstAt = performance.now() - started;
    while (!(await reader.read()).done);
    const total = performance.now() - started;
    expect(total).toBeGreaterThanOrEqual(9 * 40);
    expect(firstAt).toBeLessThan(total - 200);
    await clearFaults();
    const fastStart = performance.now();
    await (await fetch(small)).text();
    expect(performance.now() - fastStart).toBeLessThan(200);
  });

  it('are all cleared by DELETE', async () => {
    await setFault({ status: 503, times: 5 });
    await setFault({ dropAfter: 1 });
    await clearFaults();
    const res = await rawRequest(url());
    expect(res.status).toBe(200);
    expect(res.aborted).toBe(false);
  });
});
