// `npm run bench:million` (builds the app first): issue 33's figures on the demo server's
// 1,000,000-object model (about 3.4 GB of lines), in headless Chromium. Optional and heavy, apart
// from `npm run bench`: the first run builds the model on disk and gzips its body (minutes; kept
// in os.tmpdir() for later runs), and every run moves gigabytes through the browser.
//
// In one page of a browser with a profile on disk, so that the body spills to its private file
// system as it would in a user's browser (a fresh context is off the record, and keeps that file
// system in memory, too small for it): the floor (fetch and discard the same body), then the app's load (click on "Get
// with children" until the status reads "1,000,000 objects"), the first object shown, the longest
// main-thread task, and the memory of ALL the browser's processes (proportional set size, after a
// forced garbage collection) before the click and after the load; then opening objects, scrolling
// the list end to end, searching all objects and exporting the lines to a counting save picker,
// compared with the server's body. The demo server's resident memory is sampled meanwhile.
//
// The machine is guarded: should the tab crash, the browser's PSS pass PSS_LIMIT (the browser is
// then killed) or a step pass its timeout, the remaining steps are skipped and the report says why.
// A load that ends incomplete (or fails) stops the steps at once. Whatever stopped them, the bench
// then exits with status 1 after its report: it used to wait out the step's 30 minutes for a
// status that never came and exit 0, its table full of blanks.
//
// Its path is not quite a new user's: a profile on disk (the private file system on disk) and a
// body gzipped beforehand. test/heavy/millionDemo.test.ts loads the model as a new user does.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, timed } from './app.mjs';
import { collectGarbage, openPersistentBenchPage, pageErrors } from './browser.mjs';
import { timeCheck } from './doctor.mjs';
import { assertBuilt, demoObjectAddress, PROJECT_ROOT, startDemoServer } from './demoServer.mjs';
import { exportJsonLines } from './exportLines.mjs';
import { fetchAndDiscard } from './floor.mjs';
import { millionRows } from './millionRows.mjs';
import { scanLines } from './models.mjs';
import { openObjects, scrollList } from './objectList.mjs';
import { profiled } from './profile.mjs';
import { longMainTasks, traceEvents, tracedTasks, workerCpuMs } from './taskTrace.mjs';
import { launchedBrowserPid, rss, sample, treePss } from './processMemory.mjs';
import { currentLoad, environment, formatTable, writeResults, log, runBench } from './report.mjs';
import { timeQuery } from './searchQuery.mjs';
import { addressTable, linksIndexBuilt, TABLE_COLUMNS, timeTable } from './propertyTable.mjs';
import { loadInApp } from './withChildren.mjs';

/**
 * `--skip <steps>` (comma-separated: links, open, scroll, search, table, doctor, export) leaves
 * browser steps out, to try one step again without waiting for the others; every step runs by
 * default.
 */
const skipArg = process.argv.indexOf('--skip');
const SKIPPED = new Set(skipArg > 0 ? (process.argv[skipArg + 1] ?? '').split(',') : []);
const runs = (/** @type {string} */ step) => !SKIPPED.has(step);
/** `--model <label>` runs the same steps on a smaller model, to try the bench out in a minute. */
const modelArg = process.argv.indexOf('--model');
const MODEL =
  modelArg > 0 ? (process.argv[modelArg + 1] ?? '') : 'Generated building, 1,000,000 objects';
/**
 * `--profile` opens the objects and scrolls the list once more under V8's profiler, after the
 * measured runs, and prints where the long tasks spent their time (bench/profile.mjs).
 */
const PROFILE = process.argv.includes('--profile');
const PSS_LIMIT = 12e9;
const LIVE_BYTES = 1e9;
const STEP_TIMEOUT_MS = 30 * 60_000;
const RUN_TIMEOUT_MS = 150 * 60_000;
const RESULTS = join(PROJECT_ROOT, 'bench', 'results');
const STAMP = new Date().toISOString().replace(/:/g, '-');

/** Why the browser steps stopped early: they are skipped, and the report says so. */
class Stopped extends Error {}

/** What the status line says of a load that ended short: "(incomplete)", or "Nothing received". */
const ENDED_SHORT = /\(incomplete\)|Nothing received/;

/**
 * Resolves with the page's words once the load ends short (its status, then its alerts); never
 * while it runs or once it completes. `stop()` ends the watch.
 * @param {import('playwright-core').Page} page
 */
function watchForShortEnd(page) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const ended = new Promise((resolve) => {
    const look = async () => {
      const status = await page
        .getByRole('status')
        .allTextContents()
        .catch(() => []);
      const said = status.join(' | ');
      if (!ENDED_SHORT.test(said)) return void (timer = setTimeout(look, 2000));
      const alerts = await page.getByRole('alert').allTextContents();
      resolve([said, ...alerts].join(' | '));
    };
    timer = setTimeout(look, 2000);
  });
  return { ended, stop: () => clearTimeout(timer) };
}

/**
 * Races each browser step against the tab crashing, the browser's PSS passing PSS_LIMIT (which
 * kills it) and the step's timeout.
 * @param {number} browserPid
 * @param {import('playwright-core').Page} page
 */
function guard(browserPid, page) {
  /** @type {(error: Stopped) => void} */
  let stop = () => undefined;
  const stopped = new Promise((_, reject) => (stop = reject));
  stopped.catch(() => undefined);
  const pss = sample(
    () => treePss(browserPid),
    1000,
    (bytes) => {
      if (bytes <= PSS_LIMIT) return;
      stop(new Stopped(`the browser's PSS passed ${PSS_LIMIT / 1e9} GB: it was killed`));
      process.kill(browserPid, 'SIGKILL');
    },
  );
  page.on('crash', () => stop(new Stopped('the tab crashed')));
  return {
    pss,
    /**
     * @template T
     * @param {string} what
     * @param {Promise<T>} step
     * @returns {Promise<T>}
     */
    async run(what, step) {
      log(`${what}…`);
      /** @type {NodeJS.Timeout | undefined} */
      let timer;
      const late = new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Stopped(`${what} took over ${STEP_TIMEOUT_MS / 60_000} min`)),
          STEP_TIMEOUT_MS,
        );
      });
      try {
        return /** @type {T} */ (await Promise.race([step, stopped, late]));
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * The demo server's resident memory while it streams the body with live gzip (its own process),
 * over its first LIVE_BYTES: it holds steady long before, and on a busy machine the whole body
 * takes most of an hour.
 * @param {string} label
 */
async function liveServerMemory(label) {
  const server = await startDemoServer({ precompressed: false });
  try {
    const rssWhile = sample(() => rss(server.pid), 250);
    const started = Date.now();
    const body = await scanLines(demoObjectAddress(server, label), { limitBytes: LIVE_BYTES });
    return { ...rssWhile.stop(), ms: Date.now() - started, bytes: body.bytes };
  } finally {
    await server.close();
  }
}

/**
 * Objects to open: spread over the list, the heaviest child, and the root last.
 * @param {{ ids: string[], lengths: number[] }} body
 */
function objectsToOpen({ ids, lengths }) {
  let largest = 1;
  for (let i = 2; i < lengths.length; i += 1) {
    if ((lengths[i] ?? 0) > (lengths[largest] ?? 0)) largest = i;
  }
  const at = (/** @type {number} */ index, /** @type {string} */ why) => ({
    id: ids[index] ?? '',
    index,
    length: lengths[index] ?? 0,
    why,
  });
  const count = ids.length;
  return [
    at(1, 'first child'),
    at(Math.floor(count / 2), 'child at 1/2'),
    at(largest, 'largest child'),
    at(count - 1, 'last child'),
    at(0, 'root'),
  ];
}

/**
 * Why the page offers no "Search all objects" box (a build from before docs/storage.md "Search"),
 * in the page's words; null when it offers one.
 * @param {import('playwright-core').Page} page
 */
async function searchMissing(page) {
  if ((await page.getByRole('searchbox', { name: 'Search all objects' }).count()) > 0) return null;
  const hint = page.locator('p.hint', { hasText: 'Search' }).first();
  const said = await hint.textContent({ timeout: 1000 }).catch(() => null);
  return `the page offers no search box${said ? `: “${said.replace(/\s+/g, ' ').trim()}”` : ''}`;
}

/**
 * Opening the objects (the root first: the last measured shows it) and scrolling the list, once
 * more under the profiler; the profiles go beside the results.
 * @param {import('./browser.mjs').BenchPage} session
 * @param {ReturnType<typeof objectsToOpen>} targets
 * @param {number} count
 */
async function profileList(session, targets, count) {
  mkdirSync(RESULTS, { recursive: true });
  const stem = join(RESULTS, `million-${STAMP}`);
  const opening = [...targets.slice(0, -1)].reverse();
  const open = await profiled(session, '1M: open objects', `${stem}-open.cpuprofile`, () =>
    openObjects(session.page, opening, count),
  );
  const scroll = await profiled(session, '1M: scroll the list', `${stem}-scroll.cpuprofile`, () =>
    scrollList(session.page, count),
  );
  const traced = async (/** @type {string} */ name, /** @type {() => Promise<unknown>} */ step) => {
    const tasks = await tracedTasks(session.cdp, step, 30);
    const lines = tasks.map((t) => `  ${t.ms} ms (CPU ${t.cpuMs} ms): ${t.inside}`);
    return [`${name}, tasks over 30 ms traced:`, ...lines].join('\n');
  };
  const openTrace = await traced('1M: open objects', () =>
    openObjects(session.page, targets, count),
  );
  const heap = await session.cdp.send('Runtime.getHeapUsage');
  const scrollTrace = await traced('1M: scroll the list', () => scrollList(session.page, count));
  const heapNote = `JS heap before the traced scroll: ${(heap.usedSize / 1e6).toFixed(0)} MB used`;
  return [open, scroll, openTrace, heapNote, scrollTrace].join('\n\n');
}

/**
 * A step under a Chromium trace: its result, the main thread's tasks over 50 ms with their CPU, and
 * the CPU of the worker running `script` (on this shared machine a long task's wall time is mostly
 * waiting for a core).
 * @template T
 * @param {import('./browser.mjs').BenchPage} session
 * @param {string} script
 * @param {() => Promise<T>} step
 */
async function withTrace(session, script, step) {
  /** @type {T | undefined} */
  let result;
  const events = await traceEvents(session.cdp, async () => (result = await step()));
  return {
    result: /** @type {T} */ (result),
    tasks: longMainTasks(events, 50),
    workerCpuMs: workerCpuMs(events, script),
  };
}

/**
 * From the load's end to "Referenced by …" painted for the root (the index of who points where,
 * built in its worker from the set's bytes, on disk for this model), with the long tasks between.
 * The trace starts once the load has ended, a moment into the build.
 * @param {import('./browser.mjs').BenchPage} session
 * @param {{ start: number | null, inDom: { done: number | null } }} load
 */
async function linksAfterLoad(session, load) {
  const { page } = session;
  const traced = await withTrace(session, 'linksWorker', () =>
    timed(page, {
      milestones: { built: { text: '^Referenced by ', within: '.object-links h3' } },
      timeoutMs: STEP_TIMEOUT_MS,
      startOn: 'now',
      act: async () => undefined,
    }),
  );
  const timing = traced.result;
  const loadEnd = (load.start ?? 0) + (load.inDom.done ?? 0);
  const builtAt = (timing.start ?? 0) + (timing.reached.built?.painted ?? NaN);
  const longTasks = await page.evaluate(
    ([from, to]) => window.__bench.longTasksBetween(from, to),
    [loadEnd, Number.isNaN(builtAt) ? (timing.start ?? 0) + STEP_TIMEOUT_MS : builtAt],
  );
  return {
    builtMs: Number.isNaN(builtAt) ? null : Math.round(builtAt - loadEnd),
    heading: timing.reached.built?.detail ?? '',
    longTasks: { count: longTasks.count, longest: Math.round(longTasks.longest) },
    tracedTasks: traced.tasks,
    workerCpuMs: traced.workerCpuMs,
  };
}

/**
 * @param {import('./demoServer.mjs').DemoServer} server
 * @param {import('./models.mjs').ModelAddress} model
 * @param {Awaited<ReturnType<typeof scanLines>>} body
 */
async function measureInBrowser(server, model, body) {
  const count = body.ids.length;
  const session = await openPersistentBenchPage(server.appUrl);
  const browserPid = launchedBrowserPid();
  const { page, cdp } = session;
  const guarded = guard(browserPid, page);
  const serverRss = sample(() => rss(server.pid), 250);
  /** @type {Record<string, unknown>} */
  const figures = { stopped: null };
  try {
    figures.browserVersion = session.version;
    await openApp(page, server.base);
    figures.floor = await guarded.run('floor', fetchAndDiscard(session, model));
    await collectGarbage(cdp);
    figures.pssBefore = treePss(browserPid);
    // The load takes minutes: its status line, now and then, shows it going.
    const progress = setInterval(() => {
      const status = page.getByRole('status').first().textContent({ timeout: 1000 });
      status.then((text) => log(`  ${text}`)).catch(() => undefined);
    }, 15_000);
    const shortEnd = watchForShortEnd(page);
    const endedShort = shortEnd.ended.then((said) => {
      throw new Stopped(`the load ended short: ${said}`);
    });
    const load = await guarded
      .run(
        'app load',
        Promise.race([loadInApp(session, model, { count }, STEP_TIMEOUT_MS), endedShort]),
      )
      .finally(() => {
        clearInterval(progress);
        shortEnd.stop();
      });
    figures.load = load;
    figures.serverRss = serverRss.stop();
    await collectGarbage(cdp);
    figures.pssAfter = treePss(browserPid);
    if (load.done === null) throw new Stopped(`the load did not finish: ${load.alerts}`);
    if (runs('links')) {
      figures.links = await guarded.run('who points here', linksAfterLoad(session, load));
    }
    const targets = objectsToOpen(body);
    if (runs('open')) {
      figures.open = await guarded.run('opening objects', openObjects(page, targets, count));
    }
    if (runs('scroll')) {
      figures.scroll = await guarded.run('scrolling the list', scrollList(page, count));
    }
    if (runs('search')) {
      figures.searchMissing = await searchMissing(page);
      // An id at three quarters (the root's closure lists it, so it is found in the first span,
      // and the search goes on to the end), and a type name found in many objects, each match
      // counted.
      const queries = [body.ids[Math.floor(count * 0.75)] ?? '', 'Double-Glass'];
      /** @type {unknown[]} */
      const searches = [];
      figures.search = searches;
      for (const query of figures.searchMissing === null ? queries : []) {
        await collectGarbage(cdp);
        const pssBefore = treePss(browserPid);
        const pss = sample(() => treePss(browserPid), 500);
        const timed = await guarded
          .run(`search ${query}`, timeQuery(page, query, STEP_TIMEOUT_MS))
          .finally(() => pss.stop());
        searches.push({ ...timed, pssBefore, pssPeak: pss.peak });
      }
    }
    if (runs('table')) {
      // Five columns of every object, then the million rows sorted by one and grouped by another:
      // the browser's memory growth over the table, and the page's longest task meanwhile.
      await guarded.run('links index', linksIndexBuilt(page, STEP_TIMEOUT_MS));
      await collectGarbage(cdp);
      const pssBefore = treePss(browserPid);
      const pss = sample(() => treePss(browserPid), 500);
      await addressTable(
        page,
        TABLE_COLUMNS.map((column) => ['col', column]),
      );
      const timeoutMs = STEP_TIMEOUT_MS;
      try {
        /** @type {Awaited<ReturnType<typeof timeTable>> | null} */
        let built = null;
        // Traced: on a shared machine a long task's wall time is mostly waiting for a core.
        const traced = await guarded.run(
          'property table',
          tracedTasks(cdp, async () => (built = await timeTable(page, { timeoutMs })), 50),
        );
        const change = /** @type {Array<[string, string]>} */ ([
          ['sort', 'height'],
          ['desc', '1'],
          ['group', 'parameters.Level'],
        ]);
        const ordered = await guarded.run('table order', timeTable(page, { change, timeoutMs }));
        figures.table = { built, ordered, traced, pssBefore, pssPeak: pss.peak };
      } finally {
        pss.stop();
      }
    }
    if (runs('doctor')) {
      await collectGarbage(cdp);
      const checked = withTrace(session, 'doctorWorker', () => timeCheck(page, STEP_TIMEOUT_MS));
      figures.doctor = await guarded.run('Check model', checked);
    }
    if (PROFILE) {
      // The steps with long tasks to look into, once more under the profiler.
      const sections = [];
      if (runs('open') || runs('scroll')) {
        sections.push(await guarded.run('profiling', profileList(session, targets, count)));
      }
      if (runs('doctor')) {
        mkdirSync(RESULTS, { recursive: true });
        const path = join(RESULTS, `million-${STAMP}-doctor.cpuprofile`);
        const checked = profiled(session, '1M: Check model', path, () =>
          timeCheck(page, STEP_TIMEOUT_MS),
        );
        sections.push(await guarded.run('profiling Check model', checked));
      }
      figures.profiled = sections.join('\n\n');
    }
    figures.skipped = [...SKIPPED];
    if (runs('export')) {
      const exporting = exportJsonLines(session, STEP_TIMEOUT_MS, { hash: true });
      figures.exported = await guarded.run('export', exporting);
    }
  } catch (error) {
    if (!(error instanceof Stopped)) throw error;
    log(`stopped: ${error.message}`);
    figures.stopped = error.message;
  } finally {
    serverRss.stop();
    figures.pssPeak = guarded.pss.stop().peak;
    figures.serverRss ??= serverRss.stop();
    await session.close();
  }
  return figures;
}

async function main() {
  const started = Date.now();
  const loadAtStart = currentLoad();
  assertBuilt();
  const server = await startDemoServer({ precompressed: true });
  let figures;
  let body;
  let warmUp;
  try {
    const model = demoObjectAddress(server, MODEL);
    log('reading the body from node (a first run builds the model on disk: many minutes)…');
    const warmRss = sample(() => rss(server.pid), 500);
    const warmStarted = Date.now();
    body = await scanLines(model);
    warmUp = { ms: Date.now() - warmStarted, ...warmRss.stop() };
    log(`${body.ids.length} objects, ${(body.bytes / 1e9).toFixed(2)} GB of lines`);
    figures = await measureInBrowser(server, model, body);
  } finally {
    await server.close();
  }
  const skipLive = process.argv.includes('--skip-live');
  /** @param {Awaited<ReturnType<typeof liveServerMemory>> | null} live */
  const report = (live) =>
    writeReport({ started, loadAtStart, figures, body, warmUp, live, final: live || skipLive });
  // The browser's figures took the longest: written before the live pass, which may be cut short.
  if (!skipLive) {
    report(null);
    log('the demo server streaming it with live gzip…');
  }
  report(skipLive ? null : await liveServerMemory(MODEL));
  if (figures.stopped) throw new Error(`the bench stopped: ${figures.stopped}`);
}

/**
 * Writes bench/results/million-<stamp>.json; once `final`, prints the table too.
 * @param {any} run
 */
function writeReport({ started, loadAtStart, figures, body, warmUp, live, final }) {
  const rows = millionRows({ ...figures, body, warmUp, live });
  const env = environment(String(figures.browserVersion ?? ''), loadAtStart);
  const bodyFacts = { bytes: body.bytes, objects: body.ids.length, hash: body.hash };
  const details = { ...figures, warmUp, live };
  const path = writeResults(
    RESULTS,
    `million-${STAMP}`,
    { date: new Date(started).toISOString(), ...env, body: bodyFacts, rows, pageErrors, details },
    { latest: false },
  );
  if (!final) return;
  console.log(
    `Speckle Object Explorer, 1,000,000-object bench, ${new Date(started).toISOString()}, ` +
      `commit ${env.commit?.slice(0, 10)}${env.uncommittedChanges ? ' (with uncommitted changes)' : ''}\n` +
      `load average ${env.loadAverage.start.toFixed(1)} at start, ` +
      `${env.loadAverage.end.toFixed(1)} at end\n`,
  );
  console.log(formatTable(rows));
  if (pageErrors.length > 0) console.log(`\nThe app threw: ${pageErrors.join(' | ')}`);
  if (figures.profiled) console.log(`\n${figures.profiled}`);
  console.log(
    `\nFigures written to ${path} (${Math.round((Date.now() - started) / 1000)} s in all).`,
  );
}

runBench(main, RUN_TIMEOUT_MS);
