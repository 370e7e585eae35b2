// Issue 47's "who points here" on the 100k model: the index of who points at each object is built
// in a worker of its own once the load has ended, from the set's stored bytes, and the shown
// object's "Referenced by …" appears when it is. Timed inside the page, from the status reading
// "100000 objects" to the heading painted, with the longest main-thread task meanwhile.
import { alerts, openWithModel, timed } from './app.mjs';
import { openBenchPage } from './browser.mjs';
import { ms, within } from './figures.mjs';

/**
 * @typedef {{ built: number | null, loaded: number | null, heading: string,
 *   longTasks: { count: number, longest: number, starts: string[] }, timedOut: boolean,
 *   alerts: string }} LinksRun
 *   `built`: the load's final count in the DOM → "Referenced by …" painted; `longTasks.starts`:
 *   each long task as "duration at start", counted from the load's end.
 */

export const TARGETS = { builtMs: 2000, longTaskMs: 50 };

/**
 * @param {import('playwright-core').Browser} browser
 * @param {import('./demoServer.mjs').DemoServer} server
 * @param {import('./models.mjs').ModelAddress} model the 100k model, already requested once
 * @param {import('./models.mjs').ModelFacts} facts
 * @param {{ timeoutMs: number }} plan
 * @returns {Promise<LinksRun>}
 */
export async function measureObjectLinks(browser, server, model, facts, { timeoutMs }) {
  const session = await openBenchPage(browser, server.appUrl);
  try {
    const { page } = session;
    await openWithModel(page, server, model);
    const timing = await timed(page, {
      milestones: {
        loaded: { status: 'done', count: facts.count },
        built: { text: '^Referenced by ', within: '.object-links h3' },
      },
      timeoutMs,
      act: () => page.getByRole('button', { name: 'Get with children', exact: true }).click(),
    });
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
    };
  } finally {
    await session.close();
  }
}

/**
 * @param {LinksRun} run
 * @returns {import('./figures.mjs').Row[]}
 */
export function objectLinksRows(run) {
  const unreached = run.timedOut ? `not reached${run.alerts ? `: ${run.alerts}` : ''}` : '';
  return [
    {
      key: 'links-100k-built',
      name: '100k: load ended → "Referenced by" painted (links index built in a worker)',
      value: run.built,
      unit: 'ms',
      target: `≤ ${ms(TARGETS.builtMs)}`,
      ratios: '',
      pass: within(run.built, TARGETS.builtMs),
      note: unreached || `the root's heading: "${run.heading}"`,
    },
    {
      key: 'links-100k-longest-task',
      name: '100k: longest main-thread task while the links index builds',
      value: run.built === null ? null : run.longTasks.longest,
      unit: 'ms',
      target: `≤ ${ms(TARGETS.longTaskMs)}`,
      ratios: '',
      pass: run.built !== null && within(run.longTasks.longest, TARGETS.longTaskMs),
      note: `${run.longTasks.count} long tasks, after the load's end: ${run.longTasks.starts.join(', ') || 'none'}`,
    },
  ];
}
