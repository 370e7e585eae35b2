import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_TOKEN,
  GENERATED_ROOT_IDS,
  PRIVATE_PROJECT_ID,
  type DemoManifest,
} from '../../demo/catalog.ts';
import { startDemoServer, type DemoServer } from '../../demo/server.ts';

const auth = { Authorization: `Bearer ${DEMO_TOKEN}` };

let server: DemoServer;
let manifest: DemoManifest;

beforeAll(async () => {
  server = await startDemoServer();
  manifest = (await (await fetch(`${server.url}/demo.json`)).json()) as DemoManifest;
});

afterAll(() => server.close());

describe('the demo server’s 100,000-object model', () => {
  it('is generated on first request and streams completely: root first, then children by id', async () => {
    const [, big] = manifest.projects.find(({ id }) => id === PRIVATE_PROJECT_ID)?.objects ?? [];
    expect(big?.objectCount).toBe(100_000);
    const bigUrl = `${server.url}/objects/${PRIVATE_PROJECT_ID}/${String(big?.id)}`;
    const single = await fetch(`${bigUrl}/single`, { headers: auth });
    expect(single.status).toBe(200);
    await single.text();

    const res = await fetch(bigUrl, { headers: { ...auth, Accept: 'text/plain' } });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    const ids: string[] = [];
    let tail = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      const lines = (tail + decoder.decode(chunk.value, { stream: true })).split('\n');
      tail = lines.pop() ?? '';
      for (const line of lines) ids.push(line.slice(0, line.indexOf('\t')));
    }
    expect(tail).toBe('');
    expect(ids).toHaveLength(100_000);
    expect(ids[0]).toBe(big?.id);
    const children = ids.slice(1);
    expect(children.every((id, i) => i === 0 || (children[i - 1] as string) < id)).toBe(true);
  });

  it('answers 404 "Failed to find object." in the private project for an object of the public one, after looking through every model', async () => {
    const publicRoot = GENERATED_ROOT_IDS['public-10'];
    const res = await fetch(`${server.url}/objects/${PRIVATE_PROJECT_ID}/${publicRoot}`, {
      headers: auth,
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe('Failed to find object.');
  });
});
