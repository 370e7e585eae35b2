// `node bench/doctor.mjs` (after `vite build`): Check model (the model doctor) on the generated
// 100,000-object model, against one search across all objects in the same run and the same page.
// The search is for text no object holds, so it reads every object, and it is the first query, so
// it also hands the model's text to the search worker, as the check hands it to its own. Both are
// timed inside the page, from the click or input event to the line saying they are done, with the
// long tasks meanwhile. Prints JSON, with the ratio against its target (1.5×, issue 47).
import { fillIds, openApp } from './app.mjs';
import { launchBrowser, openBenchPage, pageErrors } from './browser.mjs';
import { assertBuilt, demoObjectAddress, startDemoServer, MODEL_100K } from './demoServer.mjs';
import { readLines } from './models.mjs';
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
  await page.evaluate((timeoutMs) => {
    const panel = /** @type {HTMLElement} */ (
      document.querySelector('[aria-labelledby="model-doctor-heading"]')
    );
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
  }, TIMEOUT_MS);
  await button.click();
  /** @type {{ start: number, done: number | null, status: string }} */
  const timing = await page.evaluate(() => /** @type {any} */ (window).__checkTiming);
  const tasks = await page.evaluate(
    ([from, to]) => /** @type {any} */ (window).__bench.longTasksBetween(from, to),
    [timing.start, timing.start + (timing.done ?? TIMEOUT_MS)],
  );
  return {
    doneMs: timing.done === null ? null : Math.round(timing.done),
    longTasks: {
      count: tasks.count,
      longestMs: Math.round(tasks.longest),
      totalMs: Math.round(tasks.total),
      at: tasks.tasks.map((/** @type {{ start: number, duration: number }} */ task) => ({
        afterMs: Math.round(task.start - timing.start),
        ms: Math.round(task.duration),
      })),
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
    const { page } = session;
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
    log('searching all objects…');
    const search = await timeQuery(page, 'zzz-no-such-text', TIMEOUT_MS);
    log('checking the model…');
    const check = await timeCheck(page);
    const ratio =
      check.doneMs !== null && search.doneMs
        ? Math.round((check.doneMs / search.doneMs) * 100) / 100
        : null;
    const report = {
      model: { objects: facts.count, bodyMB: Math.round(facts.bytes / 1e5) / 10 },
      search,
      check,
      ratio,
      target: TARGET_RATIO,
      verdict: ratio !== null && ratio <= TARGET_RATIO ? 'PASS' : 'FAIL',
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
