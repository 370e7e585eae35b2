// The 1,000,000-object model's load alone, in one page: the floor (fetch and discard the body),
// then the app's load with its spill, and the memory of all the browser's processes before and
// after, measured with `npm run bench:million`'s modules, without the steps after the load. The
// browser keeps a profile on disk: a fresh context of its own is off the record, and Chromium then
// keeps the origin's private file system in memory, with a small quota.
// Usage: `npx vite build && node scripts/millionLoad.mjs [model label]`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import chromiumLaunch from '../test/chromium.json' with { type: 'json' };
import { openApp } from '../bench/app.mjs';
import { collectGarbage } from '../bench/browser.mjs';
import { demoObjectAddress, findDemoObject, startDemoServer } from '../bench/demoServer.mjs';
import { fetchAndDiscard } from '../bench/floor.mjs';
import { installProbes } from '../bench/inPage.mjs';
import { launchedBrowserPid, treePss } from '../bench/processMemory.mjs';
import { loadInApp } from '../bench/withChildren.mjs';

const MODEL = process.argv[2] ?? 'Generated building, 1,000,000 objects';
const TIMEOUT_MS = 20 * 60_000;

const server = await startDemoServer({ precompressed: true });
const profile = await mkdtemp(join(tmpdir(), 'spill-million-'));
const context = await chromium.launchPersistentContext(profile, {
  ...chromiumLaunch,
  baseURL: server.appUrl,
  viewport: { width: 1280, height: 800 },
});
try {
  const model = demoObjectAddress(server, MODEL);
  const { objectCount } = findDemoObject(server.manifest, MODEL).object;
  await context.addInitScript(installProbes);
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  const session = { page, cdp };
  const pid = launchedBrowserPid();
  await openApp(page, server.base);
  const floor = await fetchAndDiscard(session, model);
  console.log(JSON.stringify({ floor }));
  await collectGarbage(cdp);
  const pssBefore = treePss(pid);
  const watch = setInterval(
    () =>
      void page
        .getByRole('status')
        .first()
        .textContent()
        .then((text) => console.log(text)),
    15_000,
  );
  const load = await loadInApp(session, model, { count: objectCount }, TIMEOUT_MS);
  clearInterval(watch);
  await collectGarbage(cdp);
  const pssAfter = treePss(pid);
  console.log(JSON.stringify({ floor, load }));
  console.log(
    `body ${(floor.bytes / 1e9).toFixed(2)} GB; floor ${(floor.ms / 1000).toFixed(1)} s; load ` +
      `${load.done === null ? 'not done' : `${(load.done / 1000).toFixed(1)} s = ${(load.done / floor.ms).toFixed(2)}× floor`}; ` +
      `root shown ${load.rootShown?.toFixed(0)} ms; longest task ${load.longTasks.longest} ms; ` +
      `PSS growth ${((pssAfter - pssBefore) / 1e9).toFixed(2)} GB = ${((pssAfter - pssBefore) / floor.bytes).toFixed(2)}× body`,
  );
} finally {
  await context.close();
  await server.close();
  await rm(profile, { recursive: true, force: true });
}
