// Issue 47's figure: Check model (the model doctor) on the generated 100,000-object model, against
// one search across all objects in the same run and the same page (`npm run bench`, or
// `node bench/one.mjs doctor` after a build).
// The search is for text no object holds, so it reads every object, and it is the first query, so
// it also hands the model's text to the search worker, as the check hands it to its own. Both are
// timed inside the page, from the click or input event to the line saying they are done, with the
// long tasks meanwhile. Each round loads the model in a fresh page (a second query would find the
// text handed over already); the medians are judged. The last round runs under a Chromium trace
// for the CPU each worker spent: on a shared machine the wall times are mostly waiting for a core.
import { openWithModel, pageTiming } from './app.mjs';
import { collectGarbage, openBenchPage } from './browser.mjs';
import { medianOrNull } from './floor.mjs';
import { log } from './report.mjs';
import { timeQuery } from './searchQuery.mjs';
import { longMainTasks, timeStampAt, traceEvents, workerCpuMs } from './taskTrace.mjs';

const TIMEOUT_MS = 180_000;
const TARGET_RATIO = 1.5;
const CHECK_START = 'bench: check starts';
const ROUNDS = 3;

/**
 * Clicks Check model and times, in the page, from the click to the line saying it is checked.
 * @param {import('playwright-core').Page} page
 * @param {number} [timeoutMs]
 */
export async function timeCheck(page, timeoutMs = TIMEOUT_MS) {
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
    [panel, timeoutMs],
  );
  await button.click();
  const { timing, longTasks, doneMs } = await pageTiming(page, '__checkTiming', timeoutMs);
  return { doneMs, longTasks, status: timing.status };
}

/**
 * One round in a fresh page: the load, one search, then the check; under a trace when `trace`.
 * @param {import('playwright-core').Browser} browser
 * @param {import('./demoServer.mjs').DemoServer} server
 * @param {import('./models.mjs').ModelAddress} model
 * @param {import('./models.mjs').ModelFacts} facts
 * @param {boolean} trace
 */
async function oneRound(browser, server, model, facts, trace) {
  const session = await openBenchPage(browser, server.appUrl);
  try {
    const { page } = session;
    await openWithModel(page, server, model);
    await page.getByRole('button', { name: 'Get with children', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${facts.count.toLocaleString('en-US')} objects`) })
      .waitFor({ timeout: TIMEOUT_MS });
    const measure = async () => {
      const search = await timeQuery(page, 'zzz-no-such-text', TIMEOUT_MS);
      // The search leaves hundreds of MB of decoded text behind on the page: collected now, so
      // that the check's figures hold its own work, not a collection the search owes.
      await collectGarbage(session.cdp);
      // Marks the trace, when there is one, where the check begins.
      await page.evaluate((label) => console.timeStamp(label), CHECK_START);
      return { search, check: await timeCheck(page) };
    };
    if (!trace) return { ...(await measure()), cpu: null };
    /** @type {Awaited<ReturnType<typeof measure>> | undefined} */
    let measured;
    const events = await traceEvents(session.cdp, async () => (measured = await measure()));
    const from = timeStampAt(events, CHECK_START) ?? Infinity;
    const cpu = {
      search: workerCpuMs(events, 'searchWorker'),
      check: workerCpuMs(events, 'doctorWorker'),
      // The main thread's tasks over 50 ms during the check, with their CPU.
      tasks: longMainTasks(events, 50).filter((task) => task.ts >= from),
    };
    return { .../** @type {Awaited<ReturnType<typeof measure>>} */ (measured), cpu };
  } finally {
    await session.close();
  }
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {import('./demoServer.mjs').DemoServer} server
 * @param {import('./models.mjs').ModelAddress} model the 100k model
 * @param {import('./models.mjs').ModelFacts} facts
 */
export async function measureDoctor(browser, server, model, facts) {
  const rounds = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    log(`Check model: round ${round} of ${ROUNDS}, the load, one search, then the check…`);
    rounds.push(await oneRound(browser, server, model, facts, round === ROUNDS));
  }
  return { objects: facts.count, rounds };
}

/**
 * @param {Awaited<ReturnType<typeof measureDoctor>>} result
 * @returns {import('./figures.mjs').Row[]}
 */
export function doctorRows({ objects, rounds }) {
  const check = medianOrNull(rounds.map((round) => round.check.doneMs));
  const search = medianOrNull(rounds.map((round) => round.search.doneMs));
  const ratio = check !== null && search ? check / search : null;
  const limit = search === null ? null : Math.round(TARGET_RATIO * search);
  const longest = Math.max(...rounds.map((round) => round.check.longTasks.longestMs));
  const size = `${objects / 1000}k`;
  const perRound = rounds
    .map(({ check, search }) => `${check.doneMs ?? '–'} ms against ${search.doneMs ?? '–'} ms`)
    .join(', ');
  const cpu = rounds.at(-1)?.cpu;
  return [
    {
      key: 'doctor-check',
      name: `${size}: Check model, click → report (median of ${rounds.length})`,
      value: check,
      unit: 'ms',
      target: limit === null ? '' : `≤ ${TARGET_RATIO}× search (${limit} ms)`,
      ratios: ratio === null ? '' : `${ratio.toFixed(2)}× search`,
      pass: ratio === null ? false : ratio <= TARGET_RATIO,
      note: `per round, check against search: ${perRound}; ${rounds[0]?.check.status ?? ''}`,
    },
    {
      key: 'doctor-search',
      name: `${size}: one search over all objects, same pages (median of ${rounds.length})`,
      value: search,
      unit: 'ms',
      target: '',
      ratios: '',
      pass: null,
      note: cpu
        ? `CPU of the workers in the traced round: the check's ${cpu.check} ms, the search's ${cpu.search} ms`
        : '',
    },
    {
      key: 'doctor-longest-task',
      name: `${size}: longest main-thread task during Check model (worst round)`,
      value: longest,
      unit: 'ms',
      target: '≤ 50 ms',
      ratios: '',
      pass: longest <= 50,
      note: cpu
        ? `traced round, tasks over 50 ms, wall (CPU): ${
            cpu.tasks.map((task) => `${task.ms} (${task.cpuMs}) ms`).join(', ') || 'none'
          }`
        : '',
    },
  ];
}
