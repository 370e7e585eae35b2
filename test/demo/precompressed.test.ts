import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, PRIVATE_PROJECT_ID, type DemoManifest } from '../../demo/catalog.ts';
import { startDemoServer, type DemoServer } from '../../demo/server.ts';
import { sendCompressed } from '../../demo/streamObjects.ts';
import { gunzipPartial, rawRequest, type RawResponse } from './http.ts';

// The benchmark's server: with-children bodies gzipped once, then sent from memory.
let stored: DemoServer;
let live: DemoServer;
let modelPath: string;
const auth = { Authorization: `Bearer ${DEMO_TOKEN}` };

beforeAll(async () => {
  stored = await startDemoServer({ precompressed: true, testControls: true });
  live = await startDemoServer({ precompressed: false });
  const manifest = (await (await fetch(`${live.url}/demo.json`)).json()) as DemoManifest;
  const project = manifest.projects.find((candidate) => candidate.id === PRIVATE_PROJECT_ID);
  const model = project?.objects.find((object) => object.objectCount === 1000);
  modelPath = `/objects/${PRIVATE_PROJECT_ID}/${String(model?.id)}`;
});

afterAll(async () => {
  await stored.close();
  await live.close();
});

/** The headers that describe the body (Date and Connection vary by request). */
function streamHeaders(res: RawResponse) {
  const names = [
    'access-control-allow-origin',
    'content-type',
    'content-encoding',
    'transfer-encoding',
    'content-length',
  ];
  return Object.fromEntries(names.map((name) => [name, res.headers[name]]));
}

describe('pre-compressed with-children bodies', () => {
  it.each([
    ['lines', { Accept: 'text/plain' }],
    ['a JSON array', {}],
  ])('carry %s with the live stream’s headers and decoded bytes', async (_, accept) => {
    const headers = { ...auth, ...accept };
    const [fromStore, fromLive] = await Promise.all([
      rawRequest(`${stored.url}${modelPath}`, { headers }),
      rawRequest(`${live.url}${modelPath}`, { headers }),
    ]);
    expect(fromStore.status).toBe(200);
    expect(streamHeaders(fromStore)).toEqual(streamHeaders(fromLive));
    expect(fromStore.headers['content-length']).toBeUndefined();
    expect(gunzipSync(fromStore.body).toString('utf8')).toBe(gunzipPartial(fromLive.body));
  });

  it('are compressed once: later requests get the very same bytes', async () => {
    const url = `${stored.url}${modelPath}`;
    const headers = { ...auth, Accept: 'text/plain' };
    const [first, second] = await Promise.all([
      rawRequest(url, { headers }),
      rawRequest(url, { headers }),
    ]);
    const third = await rawRequest(url, { headers });
    expect(second.body.equals(first.body)).toBe(true);
    expect(third.body.equals(first.body)).toBe(true);
  });

  it('are refused to a request without access, like the live stream', async () => {
    const res = await rawRequest(`${stored.url}${modelPath}`);
    expect(res.status).toBe(401);
  });

  it('are left out of HEAD answers, which keep the stream headers', async () => {
    const res = await rawRequest(`${stored.url}${modelPath}`, { method: 'HEAD', headers: auth });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.body).toHaveLength(0);
  });

  it('give way to the live stream while a stream fault is set', async () => {
    const faults = `${stored.url}/__faults`;
    const set = await fetch(faults, { method: 'POST', body: JSON.stringify({ dropAfter: 10 }) });
    expect(set.status).toBe(204);
    const cut = await rawRequest(`${stored.url}${modelPath}`, {
      headers: { ...auth, Accept: 'text/plain' },
    });
    expect(cut.aborted).toBe(true);
    expect(gunzipPartial(cut.body).split('\n')).toHaveLength(11);
    const whole = await rawRequest(`${stored.url}${modelPath}`, {
      headers: { ...auth, Accept: 'text/plain' },
    });
    expect(whole.aborted).toBe(false);
    expect(gunzipSync(whole.body).toString('utf8').split('\n')).toHaveLength(1001);
  });

  it('are sent only as fast as the client takes them', async () => {
    const slices: number[] = [];
    const callbacks: (() => void)[] = [];
    // A client that takes each slice only when the test says so.
    const client = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _encoding, callback) {
        slices.push(chunk.length);
        callbacks.push(callback);
      },
    });
    const body = Buffer.alloc(5 * 64 * 1024 + 10);
    const sent = sendCompressed(client as unknown as ServerResponse, body);
    for (let taken = 1; taken <= 6; taken += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      expect(slices).toHaveLength(taken);
      callbacks.shift()?.();
    }
    await sent;
    expect(slices.reduce((sum, length) => sum + length, 0)).toBe(body.length);
    expect(client.writableEnded).toBe(true);
  });
});
