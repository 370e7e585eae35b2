// One model loaded with children, three ways, in the same page: the floor and the naive client,
// then the app (click on "Get with children" until the status reads "N objects"), then the heap of
// every realm once the load is done. Floor and app runs alternate, each pair on a freshly opened
// app, so that drift in the machine's speed touches both alike.
import { alerts, fillIds, openApp, timed } from './app.mjs';
import { collectGarbage, openBenchPage } from './browser.mjs';
import { fetchAndDiscard, fetchJson, median, medianOrNull } from './floor.mjs';

/**
 * @typedef {import('playwright-core').Browser} Browser
 * @typedef {import('./browser.mjs').BenchPage} BenchPage
 * @typedef {import('./demoServer.mjs').DemoServer} DemoServer
 * @typedef {import('./models.mjs').ModelAddress} ModelAddress
 * @typedef {import('./models.mjs').ModelFacts} ModelFacts
 * @typedef {import('./floor.mjs').FloorRun} FloorRun
 * @typedef {import('./floor.mjs').NaiveRun} NaiveRun
 * @typedef {{ done: number | null, rootShown: number | null, running: boolean, status: string,
 *   inDom: { done: number | null, rootShown: number | null }, start: number | null,
 *   longTasks: import('./app.mjs').LongTasks, timedOut: boolean, alerts: string }} AppRun
 *   `done`: the final "N objects" painted; `rootShown`: the root's article painted, `status` the
 *   status text then and `running` whether it read "N of M objects" with N < M; `inDom` when
 *   the DOM showed each (a busy main thread delays the paint), counted from `start`, the click on
 *   the page's clock; `alerts` what the app said when it did not finish.
 * @typedef {{ floor: { median: number, runs: FloorRun[] },
 *   naive: { median: number, runs: NaiveRun[] } | null,
 *   app: { done: number | null, rootShown: number | null, runs: AppRun[] },
 *   heap: { baseline: number, after: Awaited<ReturnType<BenchPage['realms']['measure']>> } | null
 * }} WithChildrenResult
 *   Medians over the runs; null when a run never got there.
 */

const RUNNING = /^([\d,]+) of ([\d,]+) objects/;

/** @param {string} text a count as the status line writes it, with thousands separators */
const countIn = (text) => Number(text.replaceAll(',', ''));

/**
 * @param {BenchPage} session
 * @param {ModelAddress} model
 * @param {ModelFacts} facts
 * @param {number} timeoutMs
 * @returns {Promise<AppRun>}
 */
export async function loadInApp({ page, cdp }, model, facts, timeoutMs) {
  await fillIds(page, model.projectId, model.objectId);
  await collectGarbage(cdp);
  const timing = await timed(page, {
    milestones: {
      rootShown: { article: model.objectId },
      done: { status: 'done', count: facts.count },
    },
    timeoutMs,
    act: () => page.getByRole('button', { name: 'Get with children', exact: true }).click(),
  });
  const root = timing.reached.rootShown;
  const progress = root ? RUNNING.exec(root.detail) : null;
  return {
    done: timing.reached.done?.painted ?? null,
    rootShown: root?.painted ?? null,
    running: progress !== null && countIn(progress[1]) < countIn(progress[2]),
    status: root?.detail ?? '',
    inDom: { done: timing.reached.done?.at ?? null, rootShown: root?.at ?? null },
    start: timing.start,
    longTasks: timing.longTasks,
    timedOut: timing.timedOut,
    alerts: timing.timedOut ? await alerts(page) : '',
  };
}

/**
 * @param {Browser} browser
 * @param {DemoServer} server
 * @param {ModelAddress} model
 * @param {ModelFacts} facts
 * @param {{ rounds: number, naiveRuns: number, measureHeap: boolean, timeoutMs: number }} plan
 * @returns {Promise<{ result: WithChildrenResult, session: BenchPage }>} the page stays open, with
 *   the model loaded by the last round, for the caller to use and close
 */
export async function measureWithChildren(browser, server, model, facts, plan) {
  const session = await openBenchPage(browser, server.appUrl);
  const { page, realms } = session;
  try {
    /** @type {NaiveRun[]} */
    const naiveRuns = [];
    /** @type {FloorRun[]} */
    const floorRuns = [];
    /** @type {AppRun[]} */
    const appRuns = [];
    let baseline = 0;
    for (let round = 0; round < plan.rounds; round += 1) {
      await openApp(page, server.base);
      if (round === plan.rounds - 1 && plan.measureHeap) baseline = (await realms.measure()).total;
      if (round === 0) {
        for (let run = 0; run < plan.naiveRuns; run += 1) {
          naiveRuns.push(await fetchJson(session, model));
        }
      }
      floorRuns.push(await fetchAndDiscard(session, model));
      appRuns.push(await loadInApp(session, model, facts, plan.timeoutMs));
    }
    const last = appRuns[appRuns.length - 1];
    const result = {
      floor: { median: median(floorRuns.map((run) => run.ms)), runs: floorRuns },
      naive: naiveRuns.length
        ? { median: median(naiveRuns.map((run) => run.ms)), runs: naiveRuns }
        : null,
      app: {
        done: medianOrNull(appRuns.map((run) => run.done)),
        rootShown: medianOrNull(appRuns.map((run) => run.rootShown)),
        runs: appRuns,
      },
      heap:
        plan.measureHeap && last && !last.timedOut
          ? { baseline, after: await realms.measure() }
          : null,
    };
    return { result, session };
  } catch (error) {
    await session.close();
    throw error;
  }
}
