// `node scripts/opfsFileLimit.mjs [--off-the-record] [--segment-bytes N] [--total-bytes N]`:
// how far Chromium's private file system lets a worker append to a file through a synchronous
// access handle, in parts of 2 MiB at `at: end`, as the byte store does (docs/storage.md,
// "Segments"). `--off-the-record` uses a fresh context (the private file system in memory, with
// its 10 GB quota), not a profile on disk; `--segment-bytes` spreads the bytes over files of that
// size, as src/objects/spill/segmentedFile.ts does. Prints each write that did not write its part, and the
// bytes written. Needs the total's worth of free memory off the record, of disk on it.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import chromiumLaunch from '../test/chromium.json' with { type: 'json' };

const option = (/** @type {string} */ name, /** @type {number} */ fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const OFF_THE_RECORD = process.argv.includes('--off-the-record');
const TOTAL = option('--total-bytes', 4.4e9);
const SEGMENT = option('--segment-bytes', 2 ** 50);
const PART = 2 * 1024 * 1024;

// Runs in a worker of the page: only a worker may open a synchronous access handle.
const worker = `
onmessage = async ({ data: { total, segment, part } }) => {
  const root = await navigator.storage.getDirectory();
  const handles = [];
  const bytes = new Uint8Array(part).fill(65);
  const short = [];
  let end = 0;
  const started = performance.now();
  while (end < total && short.length < 5) {
    const index = Math.floor(end / segment);
    handles[index] ??= await (await root.getFileHandle('probe-' + index, { create: true }))
      .createSyncAccessHandle();
    const written = handles[index].write(bytes, { at: end - index * segment });
    if (written !== bytes.length) short.push({ at: end, written });
    else end += bytes.length;
  }
  for (const [index, handle] of handles.entries()) {
    handle.close();
    await root.removeEntry('probe-' + index);
  }
  postMessage({ written: end, files: handles.length, short, ms: Math.round(performance.now() - started) });
};`;

const server = createServer((request, response) => {
  const script = request.url === '/worker.js';
  response.writeHead(200, { 'Content-Type': script ? 'text/javascript' : 'text/html' });
  response.end(script ? worker : '<title>probe</title>');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
const address = server.address();
const url = `http://127.0.0.1:${address && typeof address === 'object' ? address.port : 0}/`;

const profile = OFF_THE_RECORD ? null : await mkdtemp(join(tmpdir(), 'opfs-probe-'));
const browser = profile ? null : await chromium.launch(chromiumLaunch);
const context = profile
  ? await chromium.launchPersistentContext(profile, chromiumLaunch)
  : await /** @type {import('playwright-core').Browser} */ (browser).newContext();
try {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(url);
  const quota = await page.evaluate(async () => (await navigator.storage.estimate()).quota);
  const result = await page.evaluate(
    (args) =>
      new Promise((resolve) => {
        const probe = new Worker('/worker.js');
        probe.onmessage = ({ data }) => resolve(data);
        probe.onerror = (event) => resolve({ error: event.message });
        probe.postMessage(args);
      }),
    { total: TOTAL, segment: SEGMENT, part: PART },
  );
  const where = OFF_THE_RECORD ? 'off the record' : 'a profile on disk';
  console.log(`${where}, quota ${quota}, files of ${SEGMENT} bytes:`, JSON.stringify(result));
} finally {
  await context.close();
  await browser?.close();
  if (profile) await rm(profile, { recursive: true, force: true });
  server.close();
}
