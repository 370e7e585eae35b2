// Drives the app the way a person does, through the names of its UI contract
// (/work/shared/architecture.md): textboxes, buttons, the status region, the article.

/**
 * @typedef {import('playwright-core').Page} Page
 * @typedef {import('./inPage.mjs').Milestone} Milestone
 * @typedef {import('./inPage.mjs').Timing} Timing
 * @typedef {{ count: number, longest: number, total: number, starts: number[] }} LongTasks
 *   `starts`: when each began, in milliseconds after the start event.
 */

/**
 * A person takes at least this long between opening the app and clicking on a lookup (pasting an
 * id takes longer). The app uses it to start and warm up its indexing worker, so measuring sooner
 * would time the app's start-up together with the click, and the floor too.
 */
const SETTLE_MS = 1000;
/** How long the app may take to preselect its demo connection, in tenths of a second. */
const PRESELECT_TRIES = 150;

/**
 * Opens the app (at `path`), waits until the preselected "Demo server" connection is filled in,
 * then lets the page settle.
 * @param {Page} page
 * @param {string} base the demo server's URL
 * @param {string} [path]
 */
export async function openApp(page, base, path = '/') {
  await page.goto(path);
  // A connection that is set up is one line, its address in full in the line's title, beside
  // its Edit button. The page starts the app once the demo server's setup script has saved the
  // demo connection: a busy demo server can take seconds to send it.
  const region = page.getByRole('region', { name: 'Connection' });
  await region.getByRole('button', { name: 'Edit connection' }).waitFor({ timeout: 60_000 });
  const line = region.getByRole('paragraph');
  await settleOnDemoServer(async () => (await line.getAttribute('title')) ?? '', base);
}

/**
 * Waits until the app has preselected its "Demo server" connection (`readServerUrl` gives the
 * selected server's address), then lets the page settle.
 * @param {() => Promise<string>} readServerUrl
 * @param {string} base
 */
export async function settleOnDemoServer(readServerUrl, base) {
  for (let tries = 0; (await readServerUrl()) !== base; tries += 1) {
    if (tries === PRESELECT_TRIES) {
      throw new Error(`The app did not preselect the demo server ${base}`);
    }
    await sleep(100);
  }
  await sleep(SETTLE_MS);
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens the app with the demo token typed into the connection (the 100k model is in a private
 * project) and the model's ids in the form, ready for a click on a lookup button.
 * @param {Page} page
 * @param {import('./demoServer.mjs').DemoServer} server
 * @param {{ projectId: string, objectId: string }} model
 */
export async function openWithModel(page, server, model) {
  await openApp(page, server.base);
  await page.getByRole('button', { name: 'Edit connection' }).click();
  await page.getByLabel('Access token', { exact: true }).fill(server.manifest.token);
  await fillIds(page, model.projectId, model.objectId);
}

/** @param {Page} page @param {string} projectId @param {string} objectId */
export async function fillIds(page, projectId, objectId) {
  await page.getByRole('textbox', { name: 'Project ID' }).fill(projectId);
  await page.getByRole('textbox', { name: 'Object ID' }).fill(objectId);
}

/**
 * Arms the in-page timer, performs `act` (a click, where the time starts, unless `startOn` says
 * otherwise) and waits for every milestone to be painted, or for `timeoutMs`.
 * @param {Page} page
 * @param {{ milestones: Record<string, Milestone>, timeoutMs: number,
 *   act: () => Promise<void>, startOn?: import('./inPage.mjs').StartOn }} options
 * @returns {Promise<Timing & { longTasks: LongTasks }>}
 */
export async function timed(page, { milestones, timeoutMs, act, startOn = 'click' }) {
  await page.evaluate((args) => window.__bench.arm(args.milestones, args.timeoutMs, args.startOn), {
    milestones,
    timeoutMs,
    startOn,
  });
  await act();
  const timing = await page.evaluate(() => window.__bench.settled());
  if (!timing) throw new Error('The in-page timer was not armed');
  if (timing.start === null) throw new Error(`The ${startOn} never reached the page`);
  const ends = Object.values(timing.reached).map((reached) => reached.at);
  const end = timing.timedOut ? timing.start + timeoutMs : timing.start + Math.max(0, ...ends);
  const { count, longest, total, tasks } = await page.evaluate(
    ([from, to]) => window.__bench.longTasksBetween(from, to),
    [timing.start, end],
  );
  const starts = tasks.map((task) => task.start - /** @type {number} */ (timing.start));
  return { ...timing, longTasks: { count, longest, total, starts } };
}

/**
 * The figure of a milestone: when it was painted, or null when it never came.
 * @param {Timing} timing
 * @param {string} name
 */
export function paintedAt(timing, name) {
  return timing.reached[name]?.painted ?? null;
}

/**
 * The page's long tasks between two of its clock's times, in whole milliseconds.
 * @param {Page} page
 * @param {number} from
 * @param {number} to
 */
export async function longTasksIn(page, from, to) {
  const tasks = await page.evaluate(
    ([start, end]) => /** @type {any} */ (window).__bench.longTasksBetween(start, end),
    [from, to],
  );
  return {
    count: tasks.count,
    longestMs: Math.round(tasks.longest),
    totalMs: Math.round(tasks.total),
  };
}

/**
 * What the page noted of a step it timed itself (`window[name]`, a promise of the step's start,
 * when it was done, if it was, and the status line then), with the long tasks meanwhile.
 * @param {Page} page
 * @param {string} name
 * @param {number} timeoutMs how long the page waited when the step never ended
 */
export async function pageTiming(page, name, timeoutMs) {
  /** @type {{ start: number, done: number | null, status: string } & Record<string, any>} */
  const timing = await page.evaluate((name) => /** @type {any} */ (window)[name], name);
  const longTasks = await longTasksIn(
    page,
    timing.start,
    timing.start + (timing.done ?? timeoutMs),
  );
  return { timing, longTasks, doneMs: timing.done === null ? null : Math.round(timing.done) };
}

/** Text of the role="alert" regions, to explain a load that never finished. */
export async function alerts(/** @type {Page} */ page) {
  return (await page.getByRole('alert').allTextContents()).join(' | ');
}
