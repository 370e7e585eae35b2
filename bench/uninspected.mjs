// The 100k load and the 20 MB object once more, in a browser no DevTools client inspects
// (cdpPipe.mjs), as a person's browser is. Playwright enables DevTools' Network domain in every
// page and worker, and Chromium then works for it on each response. Measured on this machine
// over the pipe, in one browser (three runs of ten alternating pairs): the floor read 17–50 ms
// slower with the domain and the app's load -5 to +55 ms; in the bench's own runs the same load
// reads 1.37-1.43x its floor under Playwright and 1.54-1.56x here. A 20 MB answer fetched by the
// page gained a task of 45–50 ms when it ended, Chromium keeping and decoding the body for the
// Network panel.
//
// Same plan as withChildren.mjs: in one page, floor and app alternate on a freshly opened app,
// each after a forced garbage collection.
import { timed } from './app.mjs';
import { collectGarbage } from './browser.mjs';
import { launchOverPipe, openUninspectedPage } from './cdpPipe.mjs';
import { fetchAndDiscard, median, medianOrNull } from './floor.mjs';

/**
 * @typedef {import('./demoServer.mjs').DemoServer} DemoServer
 * @typedef {import('./models.mjs').ModelAddress} ModelAddress
 * @typedef {import('./floor.mjs').FloorRun} FloorRun
 * @typedef {{ done: number | null, longTasks: import('./app.mjs').LongTasks }} UninspectedRun
 * @typedef {{ floor: { median: number, runs: FloorRun[] },
 *   app: { done: number | null, runs: UninspectedRun[] },
 *   largeObject: { painted: number | null, longTasks: import('./app.mjs').LongTasks } }}
 *   UninspectedResult
 */

/**
 * @param {DemoServer} server
 * @param {{ model: ModelAddress, count: number, largeObject: ModelAddress }} subjects
 * @param {{ rounds: number, timeoutMs: number }} plan
 * @returns {Promise<UninspectedResult>}
 */
export async function measureUninspected(server, { model, count, largeObject }, plan) {
  const browser = await launchOverPipe();
  try {
    const session = await openUninspectedPage(browser.send);
    const { page } = session;
    // A browser's first request is slower than any after it (over 1.1 s against ~0.6 s here): a
    // person's browser has been running for a while.
    await page.openApp(server.appUrl, server.base);
    await fetchAndDiscard(session, model);
    /** @type {FloorRun[]} */
    const floorRuns = [];
    /** @type {UninspectedRun[]} */
    const appRuns = [];
    for (let round = 0; round < plan.rounds; round += 1) {
      await page.openApp(server.appUrl, server.base);
      floorRuns.push(await fetchAndDiscard(session, model));
      const timing = await clickFor(session, model, 'Get with children', {
        milestone: { status: 'done', count },
        timeoutMs: plan.timeoutMs,
      });
      appRuns.push({ done: timing.painted, longTasks: timing.longTasks });
    }
    await page.openApp(server.appUrl, server.base);
    const large = await clickFor(session, largeObject, 'Get object', {
      milestone: { article: largeObject.objectId },
      timeoutMs: plan.timeoutMs,
    });
    return {
      floor: { median: median(floorRuns.map((run) => run.ms)), runs: floorRuns },
      app: { done: medianOrNull(appRuns.map((run) => run.done)), runs: appRuns },
      largeObject: large,
    };
  } finally {
    await browser.close();
  }
}

/**
 * Fills the ids in, collects garbage, then times a click on `button` until `milestone` is painted.
 * @param {import('./cdpPipe.mjs').UninspectedPage} session
 * @param {ModelAddress} object
 * @param {string} button
 * @param {{ milestone: import('./inPage.mjs').Milestone, timeoutMs: number }} plan
 */
export async function clickFor({ page, cdp }, object, button, { milestone, timeoutMs }) {
  await page.fill('Project ID', object.projectId);
  await page.fill('Object ID', object.objectId);
  await collectGarbage(/** @type {any} */ (cdp));
  const timing = await timed(/** @type {any} */ (page), {
    milestones: { end: milestone },
    timeoutMs,
    act: () => page.click(button),
  });
  return { painted: timing.reached.end?.painted ?? null, longTasks: timing.longTasks };
}
