// `node bench/search.mjs` (after `vite build`): the search across all objects on the generated
// 100,000-object model. Loads the model in the app, then types queries into "Search all objects"
// and times, inside the page, from the input event to the first result in the list and to the
// status saying the search is done ("Searched all …" or "Showing … stopped at …"); the debounce
// (250 ms) is included. Long tasks come from the bench's longtask observer; the heaps of the page
// and of the search worker are read over CDP after a forced garbage collection.
//
// The first query also pays for handing the model's text to the worker.
import { fillIds, openApp } from './app.mjs';
import { launchBrowser, openBenchPage, pageErrors } from './browser.mjs';
import { assertBuilt, demoObjectAddress, startDemoServer } from './demoServer.mjs';
import { readLines } from './models.mjs';

const MODEL_100K = 'Generated building, 100,000 objects';
const TIMEOUT_MS = 120_000;
const log = (/** @type {string} */ message) => console.error(`bench: ${message}`);

/**
 * Arms a watcher in the page for one query, fills the box, and waits for the watcher's figures.
 * @param {import('playwright-core').Page} page
 * @param {string} query
 */
async function timeQuery(page, query) {
  const box = page.getByRole('searchbox', { name: 'Search all objects' });
  // Start from an empty result list, so the first option seen belongs to this query.
  await box.fill('');
  await page.getByRole('listbox', { name: 'Search results' }).waitFor({ state: 'detached' });
  const statusId = await box.getAttribute('aria-describedby');
  await page.evaluate(
    ({ statusId, query, timeoutMs }) => {
      const input = /** @type {HTMLInputElement} */ (
        document.querySelector(`[aria-describedby="${statusId}"]`)
      );
      const status = /** @type {HTMLElement} */ (document.getElementById(statusId));
      const done = new RegExp(`^(Searched all|Showing) .* for ${JSON.stringify(query)}`);
      /** @type {{ start: number | null, first: number | null, done: number | null, status: string }} */
      const timing = { start: null, first: null, done: null, status: '' };
      /** @type {any} */ (window).__searchTiming = new Promise((resolve) => {
        const finish = () => {
          observer.disconnect();
          clearTimeout(timer);
          timing.status = status.textContent ?? '';
          resolve(timing);
        };
        const look = () => {
          if (timing.start === null) return;
          const now = performance.now() - timing.start;
          if (
            timing.first === null &&
            document.querySelector('[aria-label="Search results"] [role="option"]')
          ) {
            timing.first = now;
          }
          if (done.test(status.textContent ?? '')) {
            timing.done = now;
            timing.first ??= now;
            finish();
          }
        };
        const observer = new MutationObserver(look);
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        const timer = setTimeout(finish, timeoutMs);
        input.addEventListener('input', (event) => (timing.start = event.timeStamp), {
          once: true,
        });
      });
    },
    { statusId, query, timeoutMs: TIMEOUT_MS },
  );
  await box.fill(query);
  /** @type {{ start: number, first: number | null, done: number | null, status: string }} */
  const timing = await page.evaluate(() => /** @type {any} */ (window).__searchTiming);
  const tasks = await page.evaluate(
    ([from, to]) => /** @type {any} */ (window).__bench.longTasksBetween(from, to),
    [timing.start, timing.start + (timing.done ?? TIMEOUT_MS)],
  );
  return {
    query,
    firstResultMs: timing.first === null ? null : Math.round(timing.first),
    doneMs: timing.done === null ? null : Math.round(timing.done),
    longTasks: {
      count: tasks.count,
      longestMs: Math.round(tasks.longest),
      totalMs: Math.round(tasks.total),
    },
    status: timing.status,
  };
}

async function main() {
  assertBuilt();
  const server = await startDemoServer({ precompressed: true });
  const browser = await launchBrowser();
  try {
    const model = demoObjectAddress(server, MODEL_100K);
    log('warming up the 100k model…');
    const facts = await readLines(model);
    const session = await openBenchPage(browser, server.appUrl);
    const { page, realms } = session;
    await openApp(page, server.base);
    await page.getByRole('button', { name: 'Edit connection' }).click();
    await page.getByLabel('Access token', { exact: true }).fill(server.manifest.token);
    await fillIds(page, model.projectId, model.objectId);
    await page.getByRole('button', { name: 'Get with children', exact: true }).click();
    log('loading the 100k model in the app…');
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${facts.count.toLocaleString('en-US')} objects`) })
      .waitFor({ timeout: TIMEOUT_MS });
    const before = await realms.measure();

    const child = facts.objects[Math.floor(facts.count * 0.75)];
    const queries = [
      // An id: the object, its parent and the root's closure; letters a–f, so every text is lowercased.
      child?.id ?? '',
      'zzz-no-such-text',
      'RevitColumn',
      'Double-Glass',
      '1830 x 2134',
    ];
    const runs = [];
    for (const query of queries) {
      log(`searching ${JSON.stringify(query)}…`);
      runs.push(await timeQuery(page, query));
    }
    const after = await realms.measure();
    const mb = (/** @type {number} */ bytes) => Math.round(bytes / 1e5) / 10;
    const report = {
      model: { objects: facts.count, bodyMB: mb(facts.bytes) },
      runs,
      heapMB: {
        beforeSearch: before.realms.map((realm) => ({ realm: realm.realm, used: mb(realm.used) })),
        afterSearch: after.realms.map((realm) => ({ realm: realm.realm, used: mb(realm.used) })),
      },
      pageErrors,
    };
    console.log(JSON.stringify(report, null, 2));
    await session.close();
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
