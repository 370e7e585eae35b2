// The million-object demo model, loaded as a new user loads it (issue 43, item 5): the built app
// and its demo server under `vite preview` (live gzip, as `npm run preview` and `npm run dev`
// serve it), in a fresh headless Chromium context, which keeps the private file system in memory.
// With the 10 GB storage quota of the report its 3.4 GB body spills there: one file per load
// stopped at 2,000 MiB and the load ended "incomplete" as if the connection had closed early
// (src/objects/spill/segmentedFile.ts); it must end complete, and a search read every object back. With
// the quota Chromium itself gives such a context, the storage takes less than the body: what it
// cannot keep must be shown as the storage's failure, and the search must cover what it kept.
//
// The demo server builds the model on first request into files under the system temp folder
// (about 5 minutes and 3.6 GB of disk; later runs reuse them). Measured: docs/storage.md.
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_PATH_PREFIX,
  DEMO_TOKEN,
  PRIVATE_PROJECT_ID,
  type DemoManifest,
} from '../../demo/catalog.ts';
import chromiumLaunch from '../chromium.json';

const ROOT = join(import.meta.dirname, '..', '..');
const MODEL_OBJECTS = 1_000_000;
/** The storage quota of the report: room for the body, in memory. */
const QUOTA_BYTES = 10e9;
const MINUTES = 60_000;
const BUILD_TIMEOUT_MS = 40 * MINUTES;
const LOAD_TIMEOUT_MS = 30 * MINUTES;
const SEARCH_TIMEOUT_MS = 20 * MINUTES;
const PROGRESS_EVERY_MS = 30_000;

let server: PreviewServer;
let url: string;
let browser: Browser;
let page: Page;
let rootId: string;
let lastChildId: string;
/** Seconds each step took, for docs/figures.md. */
const took: Record<string, number> = {};

async function timedStep<T>(name: string, step: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await step();
  } finally {
    took[name] = Math.round((Date.now() - started) / 1000);
  }
}

/** The status line and any alert, as the page shows them now. */
async function loadSays(): Promise<string> {
  const texts = [
    ...(await page.getByRole('status').allTextContents()),
    ...(await page.getByRole('alert').allTextContents()),
  ];
  return texts.join(' | ');
}

/** What the search says of itself now. */
async function searchSays(): Promise<string> {
  const hints = await page.getByRole('search').locator('p.hint').allTextContents();
  return hints.join(' | ');
}

/** Waits until `read` matches `done` or `failed`; returns what it read last. */
async function waitForWords(
  read: () => Promise<string>,
  [done, failed]: [RegExp, RegExp],
  timeoutMs: number,
): Promise<string> {
  const started = Date.now();
  let lastLogged = started;
  for (;;) {
    const shown = await read();
    if (done.test(shown) || failed.test(shown)) return shown;
    if (Date.now() - started > timeoutMs)
      return `timed out after ${timeoutMs / MINUTES} min: ${shown}`;
    // Minutes go by: the log shows them going.
    if (Date.now() - lastLogged > PROGRESS_EVERY_MS) {
      lastLogged = Date.now();
      console.log(`${Math.round((lastLogged - started) / 1000)} s: ${shown}`);
    }
    await page.waitForTimeout(2000);
  }
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
    throw new Error('dist/index.html is missing: build the app first (`npx vite build`).');
  }
  server = await preview({
    root: ROOT,
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
  });
  url = `http://127.0.0.1:${(server.httpServer.address() as AddressInfo).port}`;
  const demo = `${url}${DEMO_PATH_PREFIX}`;
  const manifest = (await (await fetch(`${demo}/demo.json`)).json()) as DemoManifest;
  const model = manifest.projects
    .find(({ id }) => id === PRIVATE_PROJECT_ID)
    ?.objects.find(({ objectCount }) => objectCount === MODEL_OBJECTS);
  if (!model) throw new Error('The demo manifest lists no 1,000,000-object model');
  rootId = model.id;
  // The first request builds the model on disk (minutes): asked here, not by the page.
  const root = await timedStep('build', async () => {
    const answer = await fetch(`${demo}/objects/${PRIVATE_PROJECT_ID}/${rootId}/single`, {
      headers: { Authorization: `Bearer ${DEMO_TOKEN}` },
    });
    return (await answer.json()) as { __closure: Record<string, number> };
  });
  // Children come sorted by id: the greatest is the last object of the body.
  lastChildId = Object.keys(root.__closure).reduce((a, b) => (a > b ? a : b));
  browser = await chromium.launch(chromiumLaunch);
}, BUILD_TIMEOUT_MS);

/**
 * A fresh context and its page, open on the app with its demo connection set; `quota` overrides
 * the storage quota Chromium gives it.
 */
async function openFreshApp(quota: number | null): Promise<void> {
  // The context before holds its storage, gigabytes of memory, until it closes.
  await page?.context().close();
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 1280, height: 800 },
  });
  page = await context.newPage();
  if (quota !== null) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: url, quotaSize: quota });
  }
  await page.goto('/');
  await expect
    .poll(
      () => page.getByRole('region', { name: 'Connection' }).getByRole('paragraph').textContent(),
      { timeout: MINUTES },
    )
    .toMatch(/^Demo server .* token set$/);
}

/** Clicks "Get with children" on the model; what the page says once the load ended. */
async function loadModel(step: string): Promise<string> {
  await page.getByRole('textbox', { name: 'Project ID' }).fill(PRIVATE_PROJECT_ID);
  await page.getByRole('textbox', { name: 'Object ID' }).fill(rootId);
  await page.getByRole('button', { name: 'Get with children', exact: true }).click();
  const shown = await timedStep(step, () =>
    waitForWords(loadSays, [/^1,000,000 objects/, /incomplete|failed|stopped/i], LOAD_TIMEOUT_MS),
  );
  console.log(`${step}: ${shown}`);
  return shown;
}

/** Searches every object the page can read for the last one's id; what the search says then. */
async function searchLastChild(step: string): Promise<string> {
  await page.getByRole('searchbox', { name: 'Search all objects' }).fill(lastChildId);
  const shown = await timedStep(step, () =>
    waitForWords(searchSays, [/^Searched all /, /failed/], SEARCH_TIMEOUT_MS),
  );
  console.log(`${step}: ${shown}`);
  return shown;
}

afterAll(async () => {
  console.log(`million-object demo, seconds per step: ${JSON.stringify(took)}`);
  await browser?.close();
  await server?.close();
});

describe('the million-object demo model, as a new user loads it (10 GB quota)', () => {
  it(
    'loads complete in a fresh context, kept in the browser’s storage',
    async () => {
      await openFreshApp(QUOTA_BYTES);
      const shown = await loadModel('load');

      expect(shown).toMatch(/^1,000,000 objects/);
      expect(shown).not.toMatch(/incomplete/);
      expect(shown).toMatch(/kept on disk/);
    },
    LOAD_TIMEOUT_MS + MINUTES,
  );

  it(
    'searches every object back from the storage, to the last',
    async () => {
      const shown = await searchLastChild('search');

      // Its own line, its parent's reference and the root's closure name it.
      expect(shown).toMatch(
        /^Searched all 1,000,000 objects for "[0-9a-f]{32}": \d+ matches in 3 objects\./,
      );
      await expect
        .poll(() => page.getByRole('listbox', { name: 'Search results' }).textContent())
        .toContain(lastChildId);
    },
    SEARCH_TIMEOUT_MS + MINUTES,
  );
});

/**
 * With the quota Chromium itself gives a fresh context, its storage in memory takes less than the
 * body: 1.4 to 1.6 GB on a machine of 24 GB, from one run to the next, though
 * `navigator.storage.estimate()` says 10 GB. What it cannot keep must be shown as the storage's
 * failure, and what it kept searched (docs/storage.md, "Limits").
 */
describe('the million-object demo model in a fresh context with Chromium’s own quota', () => {
  it(
    'ends complete, or incomplete with the storage’s own message, not the network’s',
    async () => {
      await openFreshApp(null);
      const shown = await loadModel('load, own quota');

      expect(shown).not.toMatch(/connection closed early|Nothing received|timed out/);
      if (/incomplete/.test(shown)) {
        expect(shown).toMatch(/^1,000,000 of 1,000,000 objects \(incomplete\)/);
        expect(shown).toMatch(/The browser's storage stopped keeping this model after/);
      }
    },
    LOAD_TIMEOUT_MS + MINUTES,
  );

  it(
    'searches what the storage kept, and says what it left out',
    async () => {
      const shown = await searchLastChild('search, own quota');

      expect(shown).toMatch(/^Searched all [\d,]+ objects for "[0-9a-f]{32}"/);
      if (!shown.startsWith('Searched all 1,000,000 objects')) {
        expect(shown).toMatch(
          /The last [\d,]+ objects received are left out: the browser’s storage did not keep their text\.$/,
        );
      }
    },
    SEARCH_TIMEOUT_MS + MINUTES,
  );
});
