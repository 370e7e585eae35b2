// Issue 30's paging figures: the demo project with 1,000 models and its model with 1,000 versions,
// paged through with "Load more" to the end. Each list is reached by a click on a link of the app
// (the model's "All models of project …", the project's model link), so the first page is timed
// from a click like every other figure; then each "Load more" click is timed until its page shows.
import { openApp, timed } from './app.mjs';
import { openBenchPage } from './browser.mjs';
import { findProject } from './demoServer.mjs';
import { median } from './floor.mjs';
import { TARGETS, ms, within } from './figures.mjs';

/**
 * @typedef {import('playwright-core').Browser} Browser
 * @typedef {import('playwright-core').Page} Page
 * @typedef {import('./demoServer.mjs').DemoServer} DemoServer
 * @typedef {{ first: number | null, pages: (number | null)[], shown: number, total: number,
 *   longest: number, longTasks: number, timedOut: boolean }} PagedList
 *   `first`: click → first page painted; `pages`: each "Load more" click → its page painted;
 *   `longest`: the longest main-thread task over all of them.
 * @typedef {{ models: PagedList, versions: PagedList }} PagingResult
 */

const LARGE_PROJECT = 'Demo project with 1,000 models';
const LONG_HISTORY = 'long history';
const PAGE_TIMEOUT_MS = 30_000;
/** The list's heading labels its section; its paragraph says "N models, newest first; showing M." */
const SUMMARY = {
  models: 'section[aria-labelledby="project-heading"] > p',
  versions: 'section[aria-labelledby="model-heading"] > p',
};
const SHOWING = /^([\d,]+) \w+, newest first; showing (\d+)\./;

/** @param {string} text */
const countIn = (text) => Number(text.replaceAll(',', ''));

/**
 * Clicks `open` and then "Load more" until the list shows all it has.
 * @param {Page} page
 * @param {'models' | 'versions'} list
 * @param {() => Promise<void>} open the click that opens the list
 * @returns {Promise<PagedList>}
 */
async function pageThrough(page, list, open) {
  const summaryLine = SUMMARY[list];
  const first = await timed(page, {
    milestones: { page: { text: SHOWING.source, within: summaryLine } },
    timeoutMs: PAGE_TIMEOUT_MS,
    act: open,
  });
  const runs = [first];
  const summary = SHOWING.exec(first.reached.page?.detail ?? '');
  const total = summary ? countIn(summary[1] ?? '') : 0;
  let shown = summary ? Number(summary[2]) : 0;
  /** @type {(number | null)[]} */
  const pages = [];
  while (summary && shown < total) {
    // Found before the clock starts: Playwright finds a button by its name in the page's own
    // thread, working out the name of every button there (four a version), and those tasks are
    // the test's, not the app's.
    const loadMore = await page
      .getByRole('button', { name: 'Load more', exact: true })
      .elementHandle();
    const run = await timed(page, {
      milestones: { page: { text: `showing (?!${shown}\\.)\\d+\\.`, within: summaryLine } },
      timeoutMs: PAGE_TIMEOUT_MS,
      act: () => loadMore.click(),
    });
    runs.push(run);
    pages.push(run.reached.page?.painted ?? null);
    const now = SHOWING.exec(run.reached.page?.detail ?? '');
    if (!now || run.timedOut) break;
    shown = Number(now[2]);
  }
  return {
    first: first.reached.page?.painted ?? null,
    pages,
    shown,
    total,
    longest: Math.max(...runs.map((run) => run.longTasks.longest)),
    longTasks: runs.reduce((sum, run) => sum + run.longTasks.count, 0),
    timedOut: runs.some((run) => run.timedOut),
  };
}

/**
 * @param {Browser} browser
 * @param {DemoServer} server
 * @returns {Promise<PagingResult>}
 */
export async function measurePaging(browser, server) {
  const projectId = findProject(server.manifest, LARGE_PROJECT).id;
  const projectPath = `/projects/${projectId}`;
  const modelLink = (/** @type {Page} */ page) =>
    page.getByRole('link', { name: LONG_HISTORY, exact: true });

  // The models, from the long history's versions, where a link leads back to the project; the
  // versions page is opened as a fresh document, so nothing of the project's models is cached.
  const first = await openBenchPage(browser, server.appUrl);
  let models;
  try {
    const { page } = first;
    await openApp(page, server.base, projectPath);
    const versionsPath = await modelLink(page).getAttribute('href');
    if (!versionsPath) throw new Error(`The project lists no model "${LONG_HISTORY}"`);
    await openApp(page, server.base, versionsPath);
    const back = page.getByRole('link', { name: `All models of project ${projectId}` });
    models = await pageThrough(page, 'models', () => back.click());
  } finally {
    await first.close();
  }

  const second = await openBenchPage(browser, server.appUrl);
  try {
    const { page } = second;
    await openApp(page, server.base, projectPath);
    const versions = await pageThrough(page, 'versions', () => modelLink(page).click());
    return { models, versions };
  } finally {
    await second.close();
  }
}

/**
 * @param {PagingResult} result
 * @returns {import('./figures.mjs').Row[]}
 */
export function pagingRows(result) {
  return [
    pagedRows('models', 'Project of 1,000 models', result.models),
    pagedRows('versions', 'Model of 1,000 versions', result.versions),
  ].flat();
}

/**
 * @param {'models' | 'versions'} key
 * @param {string} label
 * @param {PagedList} paged
 * @returns {import('./figures.mjs').Row[]}
 */
function pagedRows(key, label, paged) {
  const complete = !paged.timedOut && paged.shown === paged.total && paged.total > 0;
  const ended = complete ? `all ${paged.total} shown` : `${paged.shown} of ${paged.total} shown`;
  const loaded = paged.pages.filter((page) => page !== null);
  const perPage = loaded.length ? median(loaded) : null;
  return [
    {
      key: `paging-${key}-first`,
      name: `${label}: click → first page painted`,
      value: paged.first,
      unit: 'ms',
      target: '',
      ratios: '',
      pass: null,
      note: ended,
    },
    {
      key: `paging-${key}-page`,
      name: `${label}: "Load more" → page painted (median of ${paged.pages.length})`,
      value: perPage,
      unit: 'ms',
      target: '',
      ratios: '',
      pass: null,
      note: loaded.length
        ? `slowest ${ms(Math.max(...loaded))}, last ${ms(loaded.at(-1) ?? 0)}`
        : ended,
    },
    {
      key: `paging-${key}-longest-task`,
      name: `${label}: longest main-thread task, first page to the end`,
      value: paged.longest,
      unit: 'ms',
      target: `≤ ${ms(TARGETS.longTaskMs)}`,
      ratios: '',
      pass: complete && within(paged.longest, TARGETS.longTaskMs),
      note: `${paged.longTasks} long task(s) in ${paged.pages.length + 1} pages; ${ended}`,
    },
  ];
}
