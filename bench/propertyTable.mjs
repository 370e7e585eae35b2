// Issue 48's figure: a property table of five columns over every object of the generated
// 100,000-object model, against one search over all objects in the same run and the same page
// (`npm run bench`, or `node bench/one.mjs table` after a build).
// The search is for text no object holds, so it reads every object, and it is the first query, so
// it also hands the model's text to the search worker, as the table's worker reads it for itself.
// The columns are put in the address with the panel closed; opening the "Property table" panel
// then builds the table. Both are timed inside the page, from the input or click event to the line
// saying they are done, with the long tasks meanwhile; the table's worker's heap is read after.
import { openWithModel, pageTiming } from './app.mjs';
import { collectGarbage, openBenchPage } from './browser.mjs';
import { log } from './report.mjs';
import { timeQuery } from './searchQuery.mjs';

const TIMEOUT_MS = 180_000;
const TARGET_RATIO = 1.5;
/** Of the memory the table's worker holds once built, at most this part of the model's JSON. */
const MEMORY_RATIO = 0.2;
/** Five columns every kind of object answers differently: own fields, a parameter by name. */
export const TABLE_COLUMNS = ['speckle_type', 'category', 'type', 'parameters.Level', 'height'];

/**
 * Puts table parameters in the address as the app's own navigation would (the app reads the
 * address again on popstate), each `[name, value]` appended.
 * @param {import('playwright-core').Page} page
 * @param {Array<[string, string]>} parameters
 */
export async function addressTable(page, parameters) {
  await page.evaluate((parameters) => {
    const url = new URL(location.href);
    for (const [name, value] of parameters) url.searchParams.append(name, value);
    history.replaceState(history.state, '', url);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, parameters);
}

/**
 * Waits for the index of who points where, which the page builds in a worker once a load ends
 * ("Referenced by" under the object shown), so that the table's figures are its own.
 * @param {import('playwright-core').Page} page
 * @param {number} timeoutMs
 */
export async function linksIndexBuilt(page, timeoutMs) {
  await page
    .getByRole('heading', { name: /^Referenced by / })
    .first()
    .waitFor({ timeout: timeoutMs });
}

/**
 * Times, in the page, from a click on the "Property table" panel's summary (which opens it and
 * builds the table), or from the address taking `change`, to the line saying how many rows the
 * table has once it was read or ordered again (a line "Reading…" first).
 * @param {import('playwright-core').Page} page
 * @param {{ change?: Array<[string, string]>, timeoutMs?: number }} [options]
 */
export async function timeTable(page, { change, timeoutMs = TIMEOUT_MS } = {}) {
  const panel = page.getByRole('group', { name: 'Property table' });
  const summary = panel.locator('summary');
  await summary.waitFor();
  const element = await panel.elementHandle();
  await page.evaluate(
    ([panel, timeoutMs, change]) => {
      /** @type {{ start: number | null, done: number | null, status: string }} */
      const timing = { start: null, done: null, status: '' };
      let reading = false;
      /** @type {any} */ (window).__tableTiming = new Promise((resolve) => {
        const finish = () => {
          observer.disconnect();
          clearTimeout(timer);
          resolve(timing);
        };
        const observer = new MutationObserver(() => {
          const lines = [...panel.querySelectorAll('[aria-live]')].map((p) => p.textContent ?? '');
          reading ||= lines.some((text) => /^Reading/.test(text));
          const line = lines.find((text) => /^[\d,]+ rows?\b/.test(text));
          if (timing.start === null || !reading || line === undefined) return;
          timing.done = performance.now() - timing.start;
          timing.status = line.trim();
          finish();
        });
        observer.observe(panel, { subtree: true, childList: true, characterData: true });
        const timer = setTimeout(finish, timeoutMs);
        if (change) {
          timing.start = performance.now();
          const url = new URL(location.href);
          for (const [name, value] of change) url.searchParams.append(name, value);
          history.replaceState(history.state, '', url);
          dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
        } else {
          panel.addEventListener('click', (event) => (timing.start = event.timeStamp), {
            once: true,
            capture: true,
          });
        }
      });
    },
    /** @type {const} */ ([element, timeoutMs, change ?? null]),
  );
  if (!change) await summary.click();
  const { timing, longTasks, doneMs } = await pageTiming(page, '__tableTiming', timeoutMs);
  return { doneMs, longTasks, status: timing.status };
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {import('./demoServer.mjs').DemoServer} server
 * @param {import('./models.mjs').ModelAddress} model the 100k model
 * @param {import('./models.mjs').ModelFacts} facts
 */
export async function measurePropertyTable(browser, server, model, facts) {
  const session = await openBenchPage(browser, server.appUrl);
  try {
    const { page, realms } = session;
    await openWithModel(page, server, model);
    await page.getByRole('button', { name: 'Get with children', exact: true }).click();
    log('Property table: loading the 100k model…');
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${facts.count.toLocaleString('en-US')} objects`) })
      .waitFor({ timeout: TIMEOUT_MS });
    await linksIndexBuilt(page, TIMEOUT_MS);
    log('Property table: one search over all objects, then a table of five columns…');
    const search = await timeQuery(page, 'zzz-no-such-text', TIMEOUT_MS);
    // The search leaves hundreds of MB of decoded text behind on the page: collected now, so that
    // the table's figures hold its own work, not a collection the search owes.
    await collectGarbage(session.cdp);
    await addressTable(
      page,
      TABLE_COLUMNS.map((column) => ['col', column]),
    );
    const table = await timeTable(page);
    const heaps = await realms.measure();
    const worker = heaps.realms.find((realm) => /tableWorker/.test(realm.realm));
    return {
      objects: facts.count,
      bodyBytes: facts.bytes,
      search,
      table,
      workerBytes: worker?.used ?? null,
    };
  } finally {
    await session.close();
  }
}

/**
 * @param {Awaited<ReturnType<typeof measurePropertyTable>>} result
 * @returns {import('./figures.mjs').Row[]}
 */
export function propertyTableRows({ objects, bodyBytes, search, table, workerBytes }) {
  const ratio = table.doneMs !== null && search.doneMs ? table.doneMs / search.doneMs : null;
  const limit = search.doneMs === null ? null : Math.round(TARGET_RATIO * search.doneMs);
  const size = `${objects / 1000}k`;
  const mb = (/** @type {number} */ bytes) => Math.round(bytes / 1e5) / 10;
  const memoryRatio = workerBytes === null ? null : workerBytes / bodyBytes;
  return [
    {
      key: 'table-build',
      name: `${size}: property table of ${TABLE_COLUMNS.length} columns, click → rows counted`,
      value: table.doneMs,
      unit: 'ms',
      target: limit === null ? '' : `≤ ${TARGET_RATIO}× search (${limit} ms)`,
      ratios: ratio === null ? '' : `${ratio.toFixed(2)}× search`,
      pass: ratio === null ? false : ratio <= TARGET_RATIO,
      note: table.status,
    },
    {
      key: 'table-search',
      name: `${size}: one search over all objects, same page`,
      value: search.doneMs,
      unit: 'ms',
      target: '',
      ratios: '',
      pass: null,
      note: '',
    },
    {
      key: 'table-longest-task',
      name: `${size}: longest main-thread task while the table is built`,
      value: table.longTasks.longestMs,
      unit: 'ms',
      target: '≤ 50 ms',
      ratios: '',
      pass: table.longTasks.longestMs <= 50,
      note: '',
    },
    {
      key: 'table-worker-heap',
      name: `${size}: the table's worker's heap once built`,
      value: workerBytes === null ? null : mb(workerBytes),
      unit: 'MB',
      target: `≤ ${MEMORY_RATIO}× JSON (${mb(MEMORY_RATIO * bodyBytes)} MB)`,
      ratios: memoryRatio === null ? '' : `${memoryRatio.toFixed(2)}× JSON`,
      pass: memoryRatio === null ? false : memoryRatio <= MEMORY_RATIO,
      note: '',
    },
  ];
}
