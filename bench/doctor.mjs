// Issue 47's figure: Check model (the model doctor) on the generated 100,000-object model, against
// one search across all objects in the same run and the same page (`npm run bench`, or
// `node bench/one.mjs doctor` after a build).
// The search is for text no object holds, so it reads every object, and it is the first query, so
// it also hands the model's text to the search worker, as the check hands it to its own. Both are
// timed inside the page, from the click or input event to the line saying they are done, with the
// long tasks meanwhile.
import { longTasksIn, openWithModel } from './app.mjs';
import { collectGarbage, openBenchPage } from './browser.mjs';
import { log } from './report.mjs';
import { timeQuery } from './searchQuery.mjs';

const TIMEOUT_MS = 180_000;
const TARGET_RATIO = 1.5;

/**
 * Clicks Check model and times, in the page, from the click to the line saying it is checked.
 * @param {import('playwright-core').Page} page
 */
async function timeCheck(page) {
  const doctor = page.getByRole('region', { name: 'Model doctor' });
  const button = doctor.getByRole('button', { name: 'Check model' });
  await button.waitFor();
  const panel = await doctor.elementHandle();
  await page.evaluate(
    ([panel, timeoutMs]) => {
      /** @type {{ start: number | null, done: number | null, status: string }} */
      const timing = { start: null, done: null, status: '' };
      /** @type {any} */ (window).__checkTiming = new Promise((resolve) => {
        const finish = () => {
          observer.disconnect();
          clearTimeout(timer);
          resolve(timing);
        };
        const observer = new MutationObserver(() => {
          const line = [...panel.querySelectorAll('p')].find((p) =>
            /^\s*Checked\./.test(p.textContent ?? ''),
          );
          if (timing.start === null || !line) return;
          timing.done = performance.now() - timing.start;
          timing.status = (line.textContent ?? '').trim();
          finish();
        });
        observer.observe(panel, { subtree: true, childList: true, characterData: true });
        const timer = setTimeout(finish, timeoutMs);
        panel.addEventListener('click', (event) => (timing.start = event.timeStamp), {
          once: true,
          capture: true,
        });
      });
    },
    [panel, TIMEOUT_MS],
  );
  await button.click();
  /** @type {{ start: number, done: number | null, status: string }} */
  const timing = await page.evaluate(() => /** @type {any} */ (window).__checkTiming);
  const longTasks = await longTasksIn(
    page,
    timing.start,
    timing.start + (timing.done ?? TIMEOUT_MS),
  );
  return {
    doneMs: timing.done === null ? null : Math.round(timing.done),
    longTasks,
    status: timing.status,
  };
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {import('./demoServer.mjs').DemoServer} server
 * @param {import('./models.mjs').ModelAddress} model the 100k model
 * @param {import('./models.mjs').ModelFacts} facts
 */
export async function measureDoctor(browser, server, model, facts) {
  const session = await openBenchPage(browser, server.appUrl);
  try {
    const { page } = session;
    await openWithModel(page, server, model);
    await page.getByRole('button', { name: 'Get with children', exact: true }).click();
    log('Check model: loading the 100k model…');
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${facts.count.toLocaleString('en-US')} objects`) })
      .waitFor({ timeout: TIMEOUT_MS });
    log('Check model: one search over all objects, then the check…');
    const search = await timeQuery(page, 'zzz-no-such-text', TIMEOUT_MS);
    // The search leaves hundreds of MB of decoded text behind on the page: collected now, so that
    // the check's figures hold its own work, not a collection the search owes.
    await collectGarbage(session.cdp);
    const check = await timeCheck(page);
    return { objects: facts.count, search, check };
  } finally {
    await session.close();
  }
}

/**
 * @param {Awaited<ReturnType<typeof measureDoctor>>} result
 * @returns {import('./figures.mjs').Row[]}
 */
export function doctorRows({ objects, search, check }) {
  const ratio = check.doneMs !== null && search.doneMs ? check.doneMs / search.doneMs : null;
  const limit = search.doneMs === null ? null : Math.round(TARGET_RATIO * search.doneMs);
  const size = `${objects / 1000}k`;
  return [
    {
      key: 'doctor-check',
      name: `${size}: Check model, click → report`,
      value: check.doneMs,
      unit: 'ms',
      target: limit === null ? '' : `≤ ${TARGET_RATIO}× search (${limit} ms)`,
      ratios: ratio === null ? '' : `${ratio.toFixed(2)}× search`,
      pass: ratio === null ? false : ratio <= TARGET_RATIO,
      note: check.status,
    },
    {
      key: 'doctor-search',
      name: `${size}: one search over all objects, same page`,
      value: search.doneMs,
      unit: 'ms',
      target: '',
      ratios: '',
      pass: null,
      note: '',
    },
    {
      key: 'doctor-longest-task',
      name: `${size}: longest main-thread task during Check model`,
      value: check.longTasks.longestMs,
      unit: 'ms',
      target: '≤ 50 ms',
      ratios: '',
      pass: check.longTasks.longestMs <= 50,
      note: '',
    },
  ];
}
