// Issue 31's figures: the demo's two versions of the 100k model, about 2% of objects apart,
// opened at /compare/:projectId/:from/:to. The page is opened by its address, so the in-page
// clock starts as soon as it has loaded (both loads take seconds longer); the figures run from the
// moment the later of the two sides reads "loaded" to the painted status line, and the heap after
// is compared with each side loaded alone in a page of its own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { timed } from './app.mjs';
import { openBenchPage } from './browser.mjs';
import { PROJECT_ROOT } from './demoServer.mjs';
import { ms, within } from './figures.mjs';
import { readLines } from './models.mjs';
import { measureWithChildren } from './withChildren.mjs';

/**
 * @typedef {import('playwright-core').Browser} Browser
 * @typedef {import('./demoServer.mjs').DemoServer} DemoServer
 * @typedef {import('./models.mjs').ModelAddress} ModelAddress
 * @typedef {{ diff: number | null, loadsEnded: number | null, status: string,
 *   longTasks: { count: number, longest: number }, heap: number | null, alone: number[],
 *   alonePages: number[], timedOut: boolean }} DiffResult
 *   `diff`: the later side's "loaded" in the DOM → the status line painted; `loadsEnded`: when
 *   that was, after the page loaded; `heap`: every realm after the diff; `alone`: each side's heap
 *   loaded alone, and `alonePages` the same pages' heaps before their load (the app itself).
 */

export const TARGETS = { diffMs: 1000, longTaskMs: 50, heapPerTwoLoads: 1.1 };
/** The later version of the 100k model, pinned in demo/catalog.ts beside the others. */
const VARIANT_SEED = 'private-100000/v2';
const COUNTS = String.raw`^[\d,]+ added, [\d,]+ removed, [\d,]+ changed, [\d,]+ unchanged`;
const MB = 1e6;

/** The root id demo/catalog.ts pins for a generated model's seed. @param {string} seed */
function pinnedRootId(seed) {
  const catalog = readFileSync(join(PROJECT_ROOT, 'demo', 'catalog.ts'), 'utf8');
  const id = new RegExp(`'${seed}': '([0-9a-f]{32})'`).exec(catalog)?.[1];
  if (!id) throw new Error(`demo/catalog.ts pins no root id for ${seed}`);
  return id;
}

/** The later version of `model` (the 100k one): same project, the variant's root. */
function laterVersion(/** @type {ModelAddress} */ model) {
  return { ...model, objectId: pinnedRootId(VARIANT_SEED) };
}

/**
 * @param {Browser} browser
 * @param {DemoServer} server
 * @param {ModelAddress} from the 100k model, already requested once
 * @param {import('./models.mjs').ModelFacts} fromFacts
 * @param {{ timeoutMs: number }} plan
 * @returns {Promise<DiffResult>}
 */
export async function measureVersionDiff(browser, server, from, fromFacts, { timeoutMs }) {
  const to = laterVersion(from);
  // Has the server build and compress the later version, which is not to be measured.
  const toFacts = await readLines(to);
  const alone = [];
  for (const [side, facts] of /** @type {const} */ ([
    [from, fromFacts],
    [to, toFacts],
  ])) {
    const plan = { rounds: 1, naiveRuns: 0, measureHeap: true, timeoutMs };
    const { result, session } = await measureWithChildren(browser, server, side, facts, plan);
    await session.close();
    alone.push(result.heap ?? { baseline: 0, after: { total: NaN } });
  }

  const session = await openBenchPage(browser, server.appUrl);
  try {
    const { page, realms } = session;
    await page.goto(`/compare/${from.projectId}/${from.objectId}/${to.objectId}`);
    const loaded = String.raw`, loaded$`;
    const timing = await timed(page, {
      startOn: 'now',
      milestones: {
        first: { text: loaded, within: 'section[aria-label="First version"] p' },
        second: { text: loaded, within: 'section[aria-label="Second version"] p' },
        status: { text: COUNTS, within: '[role="status"]' },
      },
      timeoutMs,
      act: async () => undefined,
    });
    const { first, second, status } = timing.reached;
    const loadsEnded = first && second ? Math.max(first.at, second.at) : null;
    const diff = loadsEnded !== null && status?.painted ? status.painted - loadsEnded : null;
    const start = /** @type {number} */ (timing.start);
    const longTasks =
      loadsEnded === null || !status
        ? { count: 0, longest: 0 }
        : await page.evaluate(
            ([from, to]) => window.__bench.longTasksBetween(from, to),
            [start + loadsEnded, start + status.at],
          );
    return {
      diff,
      loadsEnded,
      status: status?.detail ?? (await page.getByRole('status').allTextContents()).join(' | '),
      longTasks: { count: longTasks.count, longest: longTasks.longest },
      heap: status ? (await realms.measure()).total : null,
      alone: alone.map((heap) => heap.after.total),
      alonePages: alone.map((heap) => heap.baseline),
      timedOut: timing.timedOut,
    };
  } finally {
    await session.close();
  }
}

/**
 * @param {DiffResult} result
 * @returns {import('./figures.mjs').Row[]}
 */
export function versionDiffRows(result) {
  const [fromAlone = NaN, toAlone = NaN] = result.alone;
  const app = Math.min(...result.alonePages);
  // Two loads in one page: the app once, and what each load added to it.
  const twoLoads = fromAlone + toAlone - app;
  const heapLimit = TARGETS.heapPerTwoLoads * twoLoads;
  const unreached = result.timedOut ? `not reached: the page said "${result.status}"` : '';
  return [
    {
      key: 'compare-100k-diff',
      name: '100k versions ~2% apart: second load ends → status line painted',
      value: result.diff,
      unit: 'ms',
      target: `≤ ${ms(TARGETS.diffMs)}`,
      ratios: '',
      pass: within(result.diff, TARGETS.diffMs),
      note:
        unreached ||
        `"${result.status}"; both loads ended ${ms(result.loadsEnded ?? 0)} after the page loaded`,
    },
    {
      key: 'compare-100k-longest-task',
      name: '100k versions: longest main-thread task during the diff',
      value: result.diff === null ? null : result.longTasks.longest,
      unit: 'ms',
      target: `≤ ${ms(TARGETS.longTaskMs)}`,
      ratios: '',
      pass: result.diff !== null && result.longTasks.longest <= TARGETS.longTaskMs,
      note: unreached || `${result.longTasks.count} long task(s)`,
    },
    {
      key: 'compare-100k-heap',
      name: '100k versions: JS heap after the diff, all realms',
      value: result.heap === null ? null : result.heap / MB,
      unit: 'MB',
      target: `≤ ${TARGETS.heapPerTwoLoads}× two loads (${(heapLimit / MB).toFixed(1)} MB)`,
      ratios: result.heap === null ? '' : `${(result.heap / twoLoads).toFixed(2)}× two loads`,
      pass: within(result.heap, heapLimit),
      note:
        `each side alone ${(fromAlone / MB).toFixed(1)} and ${(toAlone / MB).toFixed(1)} MB, ` +
        `the app before a load ${(app / MB).toFixed(1)} MB; two loads = both minus the app once`,
    },
  ];
}
