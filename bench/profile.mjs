// `node bench/run.mjs --profile`: the scenarios that have long tasks run once more under V8's
// sampling profiler, after the measured runs (profiling slows the page down): the 100k load,
// opening its root from the list, scrolling the list, and the 20 MB object. Writes a .cpuprofile
// per scenario (DevTools' Performance panel opens them) and prints where the main thread spent
// its time inside long tasks. Function names are readable with `vite build --minify false`.
//
// Profile samples carry the renderer's monotonic clock, long tasks the page's performance.now().
// To line them up, the page runs a function of a known name for a few milliseconds and notes
// performance.now() as it starts; its first sample in the profile is that moment, give or take
// one sampling interval.
import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fillIds, openApp, timed } from './app.mjs';
import { openBenchPage } from './browser.mjs';
import { openObjects, scrollList } from './objectList.mjs';

/**
 * @typedef {{ functionName: string, url: string, lineNumber: number, columnNumber: number }}
 *   CallFrame
 * @typedef {{ nodes: { id: number, callFrame: CallFrame, children?: number[] }[], startTime: number,
 *   samples?: number[], timeDeltas?: number[] }} Profile
 *   The parts of CDP's Profiler.Profile read here.
 * @typedef {import('./inPage.mjs').LongTask} LongTask
 * @typedef {import('./browser.mjs').BenchPage} BenchPage
 * @typedef {import('./models.mjs').ModelAddress} ModelAddress
 */

const SAMPLING_INTERVAL_US = 250;
const TOP = 12;
const LONGEST_TASKS = 6;
const CLOCK_MARK = 'benchClockMark';

let marks = 0;

/**
 * Source for the page: a function busy for 5 ms under a name the profile will show, returning
 * performance.now() as it starts. A fresh name each time: V8 would inline a function it has
 * already optimized into its caller, and the name would vanish from the profile.
 */
function clockMark() {
  const name = `${CLOCK_MARK}${(marks += 1)}`;
  const source = `(function ${name}() {
    const start = performance.now();
    while (performance.now() - start < 5);
    return start;
  })()`;
  return { name, source };
}

/**
 * Milliseconds to add to a sample's profile time (µs / 1000) to get the page's performance.now().
 * @param {Profile} profile
 * @param {{ name: string, at: number }} mark the clock mark's name and start in the page
 */
function pageClockOffset(profile, mark) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  // The mark's own samples, and those of what it calls (performance.now).
  /** @type {Set<number>} */
  const marked = new Set();
  const pending = profile.nodes.filter((node) => node.callFrame.functionName === mark.name);
  for (let node = pending.pop(); node; node = pending.pop()) {
    marked.add(node.id);
    for (const child of node.children ?? []) {
      const found = byId.get(child);
      if (found) pending.push(found);
    }
  }
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let time = profile.startTime;
  for (let i = 0; i < samples.length; i += 1) {
    time += deltas[i] ?? 0;
    if (marked.has(/** @type {number} */ (samples[i]))) return mark.at - time / 1000;
  }
  throw new Error('The clock mark is missing from the profile');
}

/** @param {CallFrame} frame */
function functionAt(frame) {
  const place = frame.url
    ? ` ${basename(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
    : '';
  return `${frame.functionName || '(anonymous)'}${place}`;
}

/**
 * Self time per function (name and place) inside each long task.
 * @param {Profile} profile
 * @param {number} offset from pageClockOffset
 * @param {LongTask[]} tasks
 * @returns {Map<string, number>[]} one map per task, function → milliseconds
 */
function selfTimeByTask(profile, offset, tasks) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byTask = tasks.map(() => new Map());
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let time = profile.startTime;
  for (let i = 0; i < samples.length; i += 1) {
    time += deltas[i] ?? 0;
    const at = time / 1000 + offset;
    const task = tasks.findIndex((t) => at >= t.start && at <= t.start + t.duration);
    const frame = nodes.get(/** @type {number} */ (samples[i]))?.callFrame;
    if (task < 0 || !frame) continue;
    const selfMs = byTask[task];
    const key = functionAt(frame);
    selfMs?.set(key, (selfMs.get(key) ?? 0) + (deltas[i + 1] ?? SAMPLING_INTERVAL_US) / 1000);
  }
  return byTask;
}

/**
 * @param {Map<string, number>} selfMs
 * @param {number} count
 */
function heaviest(selfMs, count) {
  return [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/**
 * The report: self time by function over all long tasks, then the longest tasks one by one.
 * @param {LongTask[]} tasks
 * @param {Map<string, number>[]} byTask
 * @param {number} origin when the profiled step started
 */
function summarize(tasks, byTask, origin) {
  /** @type {Map<string, number>} */
  const all = new Map();
  for (const selfMs of byTask) {
    for (const [key, ms] of selfMs) all.set(key, (all.get(key) ?? 0) + ms);
  }
  const sampled = [...all.values()].reduce((sum, ms) => sum + ms, 0);
  const percent = (/** @type {number} */ ms, /** @type {number} */ of) =>
    `${((100 * ms) / of).toFixed(0)}%`;
  const lines = [
    `${tasks.length} long tasks, ${sampled.toFixed(0)} ms sampled inside them. Self time by function:`,
    ...heaviest(all, TOP).map(
      ([where, ms]) =>
        `  ${ms.toFixed(0).padStart(6)} ms ${percent(ms, sampled).padStart(4)}  ${where}`,
    ),
    'Longest tasks (start after the step began: duration, heaviest functions):',
  ];
  const longest = tasks
    .map((task, index) => ({ task, selfMs: byTask[index] ?? new Map() }))
    .sort((a, b) => b.task.duration - a.task.duration)
    .slice(0, LONGEST_TASKS);
  for (const { task, selfMs } of longest) {
    const parts = heaviest(selfMs, 4).map(
      ([where, ms]) => `${where.replace(/ \S+:\d+:\d+$/, '')} ${percent(ms, task.duration)}`,
    );
    const after = `+${(task.start - origin).toFixed(0)} ms`.padStart(10);
    lines.push(`  ${after}: ${task.duration.toFixed(0).padStart(4)} ms, ${parts.join(', ')}`);
  }
  return lines.join('\n');
}

/**
 * Runs `step` under the profiler; writes the profile and describes its long tasks.
 * @param {BenchPage} session
 * @param {string} name
 * @param {string} path where to write the .cpuprofile
 * @param {() => Promise<unknown>} step
 */
export async function profiled({ page, cdp }, name, path, step) {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
  await cdp.send('Profiler.start');
  const { name: markName, source } = clockMark();
  const markInPage = /** @type {number} */ (await page.evaluate(source));
  await step();
  const end = await page.evaluate(() => performance.now());
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(path, JSON.stringify(profile));
  const { tasks } = await page.evaluate(
    ([from, to]) => window.__bench.longTasksBetween(from, to),
    [markInPage, end],
  );
  const offset = pageClockOffset(profile, { name: markName, at: markInPage });
  const byTask = selfTimeByTask(profile, offset, tasks);
  return [`${name}:`, summarize(tasks, byTask, markInPage), `Profile: ${path}`].join('\n');
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {import('./demoServer.mjs').DemoServer} server
 * @param {{ model: ModelAddress, facts: import('./models.mjs').ModelFacts,
 *   largeObject: ModelAddress }} subjects
 * @param {string} pathStem the .cpuprofile files are named after it
 * @returns {Promise<string>} the summaries, for the report
 */
export async function profileScenarios(browser, server, { model, facts, largeObject }, pathStem) {
  const sections = [];
  const session = await openBenchPage(browser, server.appUrl);
  const { page } = session;
  try {
    await openApp(page, server.base);
    await fillIds(page, model.projectId, model.objectId);
    sections.push(
      await profiled(session, '100k load', `${pathStem}-100k-load.cpuprofile`, () =>
        timed(page, {
          milestones: { done: { status: 'done', count: facts.count } },
          timeoutMs: 120_000,
          act: () => page.getByRole('button', { name: 'Get with children', exact: true }).click(),
        }),
      ),
    );
    const [root, child] = facts.objects;
    if (root && child) {
      await openObjects(page, [{ ...child, why: 'first child' }], facts.count);
      sections.push(
        await profiled(
          session,
          '100k: open the root from the list',
          `${pathStem}-100k-open-root.cpuprofile`,
          () => openObjects(page, [{ ...root, why: 'root' }], facts.count),
        ),
      );
    }
    sections.push(
      await profiled(session, '100k: scroll the list', `${pathStem}-100k-scroll.cpuprofile`, () =>
        scrollList(page, facts.count),
      ),
    );
    await openApp(page, server.base);
    await fillIds(page, largeObject.projectId, largeObject.objectId);
    sections.push(
      await profiled(session, '20 MB object', `${pathStem}-20mb-object.cpuprofile`, () =>
        timed(page, {
          milestones: { shown: { article: largeObject.objectId } },
          timeoutMs: 30_000,
          act: () => page.getByRole('button', { name: 'Get object', exact: true }).click(),
        }),
      ),
    );
  } finally {
    await session.close();
  }
  return ['Profiled once more, slower under the profiler.', ...sections].join('\n\n');
}
