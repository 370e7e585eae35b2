// Issue 47's "who points here" on the 100k model: the index of who points at each object is built
// in a worker of its own once the load has ended, from the set's stored bytes, and the shown
// object's "Referenced by …" appears when it is. Timed inside the page, from the status reading
// "100000 objects" to the heading painted, with the longest main-thread task meanwhile; each round
// in a fresh page, the median judged. One more round runs under a Chromium trace for the CPU the
// links worker spent: on a shared machine the wall time is mostly the worker waiting for a core.
import { alerts, openWithModel, timed } from './app.mjs';
import { openBenchPage } from './browser.mjs';
import { ms, within } from './figures.mjs';
import { medianOrNull } from './floor.mjs';
import { longMainTasks, timeStampAt, traceEvents, workerCpuMs } from './taskTrace.mjs';

/**
 * @typedef {{ built: number | null, loaded: number | null, heading: string,
 *   longTasks: { count: number, longest: number, starts: string[] }, timedOut: boolean,
 *   alerts: string }} LinksRun
 *   `built`: the load's final count in the DOM → "Referenced by …" painted; `loaded`: the click →
 *   that count; `longTasks.starts`: each long task as "duration at start", from the load's end.
 * @typedef {{ runs: LinksRun[], workerCpuMs: number | null, tracedBuilt: number | null,
 *   tracedTasks: { ms: number, cpuMs: number }[] }} LinksResult
 *   `tracedTasks`: the main thread's tasks over 50 ms after the load's end in the traced round.
 */

export const TARGETS = { builtMs: 2000, longTaskMs: 50 };
const ROUNDS = 3;

/**
 * One load and the index after it, in a fresh page; under a trace when `trace` is given.
 * @param {import('playwright-core').Browser} browser
 * @param {import('./demoServer.mjs').DemoServer} server
 * @param {import('./models.mjs').ModelAddress} model
 * @param {import('./models.mjs').ModelFacts} facts
 * @param {number} timeoutMs
 * @param {boolean} trace
 * @returns {Promise<LinksRun & { workerCpuMs: number | null,
 *   tracedTasks: { ms: number, cpuMs: number }[] }>}
 */
async function oneRound(browser, server, model, facts, timeoutMs, trace) {
  const session = await openBenchPage(browser, server.appUrl);
  try {
    const { page } = session;
    await openWithModel(page, server, model);
    const measure = () =>
      timed(page, {
        milestones: {
          loaded: { status: 'done', count: facts.count },
          built: { text: '^Referenced by ', within: '.object-links h3' },
        },
        timeoutMs,
        act: () => page.getByRole('button', { name: 'Get with children', exact: true }).click(),
      });
    /** @type {Awaited<ReturnType<typeof measure>> | undefined} */
    let timing;
    if (trace) await markLoadEnd(page, facts.count);
    const events = trace
      ? await traceEvents(session.cdp, async () => (timing = await measure()))
      : null;
    timing ??= await measure();
    const { loaded, built } = timing.reached;
    const start = /** @type {number} */ (timing.start);
    const longTasks =
      loaded && built
        ? await page.evaluate(
            ([from, to]) => window.__bench.longTasksBetween(from, to),
            [start + loaded.at, start + built.at],
          )
        : { count: 0, longest: 0, tasks: [] };
    const loadEnd = start + (loaded?.at ?? 0);
    /** @param {{ start: number, duration: number }} task */
    const described = (task) => `${ms(task.duration)} at ${ms(task.start - loadEnd)}`;
    return {
      built: loaded && built?.painted ? built.painted - loaded.at : null,
      loaded: loaded?.at ?? null,
      heading: built?.detail ?? '',
      longTasks: {
        count: longTasks.count,
        longest: longTasks.longest,
        starts: longTasks.tasks.map(described),
      },
      timedOut: timing.timedOut,
      alerts: timing.timedOut ? await alerts(page) : '',
      workerCpuMs: events ? workerCpuMs(events, 'linksWorker') : null,
      tracedTasks: events ? tasksAfter(events, LOAD_END) : [],
    };
  } finally {
    await session.close();
  }
}

const LOAD_END = 'bench: load ended';

/**
 * Marks the trace (console.timeStamp) when the status first reads the model's count.
 * @param {import('playwright-core').Page} page
 * @param {number} count
 */
async function markLoadEnd(page, count) {
  await page.evaluate(
    ([label, counted]) => {
      const observer = new MutationObserver(() => {
        const statuses = [...document.querySelectorAll('[role="status"]')];
        if (!statuses.some((status) => (status.textContent ?? '').trim().startsWith(counted)))
          return;
        console.timeStamp(label);
        observer.disconnect();
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    },
    [LOAD_END, `${count.toLocaleString('en-US')} objects`],
  );
}

/**
 * The main thread's tasks over 50 ms after the mark, with their CPU.
 * @param {import('./taskTrace.mjs').TraceEvent[]} events
 * @param {string} label
 */
function tasksAfter(events, label) {
  const from = timeStampAt(events, label);
  return from === null ? [] : longMainTasks(events, 50).filter((task) => task.ts >= from);
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {import('./demoServer.mjs').DemoServer} server
 * @param {import('./models.mjs').ModelAddress} model the 100k model, already requested once
 * @param {import('./models.mjs').ModelFacts} facts
 * @param {{ timeoutMs: number }} plan
 * @returns {Promise<LinksResult>}
 */
export async function measureObjectLinks(browser, server, model, facts, { timeoutMs }) {
  /** @type {LinksRun[]} */
  const runs = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    runs.push(await oneRound(browser, server, model, facts, timeoutMs, false));
  }
  const traced = await oneRound(browser, server, model, facts, timeoutMs, true);
  return {
    runs,
    workerCpuMs: traced.workerCpuMs,
    tracedBuilt: traced.built,
    tracedTasks: traced.tracedTasks,
  };
}

/**
 * @param {LinksResult} result
 * @returns {import('./figures.mjs').Row[]}
 */
export function objectLinksRows({ runs, workerCpuMs, tracedBuilt, tracedTasks }) {
  const built = medianOrNull(runs.map((run) => run.built));
  const loaded = medianOrNull(runs.map((run) => run.loaded));
  const failed = runs.find((run) => run.timedOut);
  const unreached = failed ? `not reached${failed.alerts ? `: ${failed.alerts}` : ''}` : '';
  const longest = Math.max(...runs.map((run) => run.longTasks.longest));
  const perRound = runs
    .map(
      (run) => `${run.built === null ? '–' : ms(run.built)} after a load of ${ms(run.loaded ?? 0)}`,
    )
    .join(', ');
  return [
    {
      key: 'links-100k-built',
      name: `100k: load ended → "Referenced by" painted, links index built in a worker (median of ${runs.length})`,
      value: built,
      unit: 'ms',
      target: `≤ ${ms(TARGETS.builtMs)}`,
      ratios: built !== null && loaded ? `${(built / loaded).toFixed(2)}× the load` : '',
      pass: within(built, TARGETS.builtMs),
      note: unreached || `per round: ${perRound}; the root's heading: "${runs[0]?.heading ?? ''}"`,
    },
    {
      key: 'links-100k-worker-cpu',
      name: '100k: CPU of the links worker, load ended → index built (one traced round)',
      value: workerCpuMs,
      unit: 'ms',
      target: '',
      ratios: '',
      pass: null,
      note: tracedBuilt === null ? 'not built' : `that round's wall time: ${ms(tracedBuilt)}`,
    },
    {
      key: 'links-100k-longest-task',
      name: '100k: longest main-thread task while the links index builds (worst round)',
      value: built === null ? null : longest,
      unit: 'ms',
      target: `≤ ${ms(TARGETS.longTaskMs)}`,
      ratios: '',
      pass: built !== null && within(longest, TARGETS.longTaskMs),
      note: `${runs
        .map(
          (run) =>
            `${run.longTasks.count} long tasks: ${run.longTasks.starts.join(', ') || 'none'}`,
        )
        .join('; ')}; traced round, tasks over 50 ms after the load's end, wall (CPU): ${
        tracedTasks.map((task) => `${task.ms} (${task.cpuMs}) ms`).join(', ') || 'none'
      }`,
    },
  ];
}
