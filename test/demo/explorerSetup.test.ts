import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, V3_PROJECT_ID, type DemoManifest } from '../../demo/catalog.ts';
import { saveServer, type ServerSeed } from '../../demo/explorerSetup.ts';
import { DEMO_LINKS } from '../../demo/history.ts';
import { EXPLORER_SETUP, startDemoServer, type DemoServer } from '../../demo/server.ts';
import { SERVERS_KEY, TOKENS_KEY } from '../../src/connection/connectionState.ts';
import { ConnectionStore } from '../../src/connection/connectionStore.ts';
import { memoryStorage } from '../unit/support/memoryStorage.ts';

let server: DemoServer;
let script: string;
let manifest: DemoManifest;

beforeAll(async () => {
  server = await startDemoServer({ testControls: false });
  script = await (await fetch(`${server.url}/${EXPLORER_SETUP}`)).text();
  manifest = (await (await fetch(`${server.url}/demo.json`)).json()) as DemoManifest;
});

afterAll(() => server.close());

function browserStorage() {
  return { local: memoryStorage(), session: memoryStorage() };
}

/** Runs the served script as a page at the demo server's origin runs it, before the app. */
function runSetup(storage: ReturnType<typeof browserStorage>): void {
  runInNewContext(script, {
    localStorage: storage.local,
    sessionStorage: storage.session,
    location: { origin: server.origin },
    crypto,
  });
}

const seed = (): ServerSeed => ({ name: 'Demo server', url: server.url, token: DEMO_TOKEN });
const KEYS = { servers: SERVERS_KEY, tokens: TOKENS_KEY };

describe("the dev server's setup script", () => {
  it('saves the demo server on a first visit, selected, with its token, objects and links', () => {
    const storage = browserStorage();
    runSetup(storage);
    const store = new ConnectionStore(storage);

    const demo = store.selected()!;
    expect(store.getState().servers).toEqual([demo]);
    expect(demo).toMatchObject({ name: 'Demo server', url: server.url, webApp: false });
    expect(store.tokenOf(demo.id)).toBe(DEMO_TOKEN);
    // Every project's objects but the v3 office's, which the start page's links reach.
    const listed = manifest.projects
      .filter((project) => project.id !== V3_PROJECT_ID)
      .flatMap((project) => project.objects);
    expect(listed.length).toBeLessThan(manifest.projects.flatMap((p) => p.objects).length);
    expect(demo.examples?.objects.map((object) => object.objectId)).toEqual(
      listed.map((object) => object.id),
    );
    expect(demo.examples?.objects).toContainEqual(
      expect.objectContaining({ objectCount: 100_000, prepareSeconds: expect.any(Number) }),
    );
    // A link's file to download too, read back by the app's store.
    expect(DEMO_LINKS.some(({ file }) => file)).toBe(true);
    expect(demo.examples?.links).toEqual(DEMO_LINKS);
  });

  it('after Forget all, saves the demo alone in place of the draft the app keeps', () => {
    const storage = browserStorage();
    const before = new ConnectionStore(storage);
    before.forgetAll();
    runSetup(storage);
    const store = new ConnectionStore(storage);

    expect(store.getState().servers.map((saved) => saved.name)).toEqual(['Demo server']);
    expect(store.tokenOf(store.selected()!.id)).toBe(DEMO_TOKEN);
  });

  it('leaves the servers a user saved as they are, the demo not among them', () => {
    const storage = browserStorage();
    const before = new ConnectionStore(storage);
    before.update(before.selected()!.id, { url: 'https://speckle.example' });
    const saved = storage.local.getItem(SERVERS_KEY);
    runSetup(storage);

    expect(storage.local.getItem(SERVERS_KEY)).toBe(saved);
  });

  it('fills in the examples and token of the demo saved by its address, leaving the choice', () => {
    const storage = browserStorage();
    const before = new ConnectionStore(storage);
    const own = before.selected()!.id;
    before.update(own, { url: 'https://speckle.example' });
    const demoId = before.selectOrAddByAddress(server.url);
    before.select(own);
    runSetup(storage);
    const store = new ConnectionStore(storage);

    expect(store.selected()?.id).toBe(own);
    const demo = store.getState().servers.find((saved) => saved.id === demoId);
    expect(demo?.examples?.links).toHaveLength(DEMO_LINKS.length);
    expect(store.tokenOf(demoId)).toBe(DEMO_TOKEN);
  });

  it("fills a forgotten token in again, where the server's token is kept, and keeps a typed one", () => {
    const storage = browserStorage();
    saveServer(seed(), KEYS, storage);
    const store = new ConnectionStore(storage);
    const id = store.selected()!.id;
    store.update(id, { rememberToken: true });
    store.forgetToken(id);
    saveServer(seed(), KEYS, storage);
    expect(storage.local.getItem(TOKENS_KEY)).toContain(DEMO_TOKEN);
    expect(storage.session.getItem(TOKENS_KEY)).not.toContain(DEMO_TOKEN);

    new ConnectionStore(storage).setToken(id, 'typed');
    saveServer(seed(), KEYS, storage);
    expect(new ConnectionStore(storage).tokenOf(id)).toBe('typed');
  });

  it('lets the app start when the browser refuses storage', () => {
    const refused = {
      get localStorage(): Storage {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      location: { origin: server.origin },
      crypto,
    };
    expect(() => runInNewContext(script, refused)).not.toThrow();
  });
});
