// `npm run bench` (issue #3, large models): drives the built app in headless Chromium against the
// demo server and prints every figure beside its target. Run after `vite build`.
//
// First with the demo server sending pre-compressed bodies (the server costs nothing, so the
// figures are the app's), then with live gzip as a real server sends it. Exits 0 whether targets
// pass or not (it is a report); non-zero only when the bench itself breaks.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, pageErrors } from './browser.mjs';
import {
  assertBuilt,
  demoObjectAddress,
  PROJECT_ROOT,
  startDemoServer,
  LARGE_OBJECT,
  MODEL_100K,
} from './demoServer.mjs';
import { exportJsonLines } from './exportLines.mjs';
import { buildRows } from './figures.mjs';
import { readLines, warmUpJsonArray, warmUpSingle } from './models.mjs';
import { openObjects, scrollList } from './objectList.mjs';
import { measureOpenFile, OPEN_FILE_ROUNDS, openFileRows } from './openFile.mjs';
import { measurePaging, pagingRows } from './paging.mjs';
import { profileScenarios } from './profile.mjs';
import {
  currentLoad,
  environment,
  formatFiguresDoc,
  formatTable,
  writeResults,
  log,
  runBench,
} from './report.mjs';
import { expandField, paintSingleObject } from './singleObject.mjs';
import { measureUninspected } from './uninspected.mjs';
import { measureVersionDiff, versionDiffRows } from './versionDiff.mjs';
import { measureObjectLinks, objectLinksRows } from './objectLinks.mjs';
import { doctorRows, measureDoctor } from './doctor.mjs';
import { measurePropertyTable, propertyTableRows } from './propertyTable.mjs';
import { measureWithChildren } from './withChildren.mjs';

/** @typedef {import('./models.mjs').ModelFacts} ModelFacts */

const MODEL_10K = 'Generated building, 10,000 objects';
// A stuck load must not hang the bench: a 100k load that takes minutes has failed anyway.
const LOAD_TIMEOUT_MS = 120_000;
const RUN_TIMEOUT_MS = 20 * 60_000;
const RESULTS = join(PROJECT_ROOT, 'bench', 'results');
const FIGURES_DOC = join(PROJECT_ROOT, 'docs', 'figures.md');
/** Names a run's files: its start time, without the colons some file systems refuse. */
const STAMP = new Date().toISOString().replace(/:/g, '-');

/**
 * Objects to open from the list: spread over it, plus the heaviest kinds; the root last, since it
 * is the one shown when the load ends.
 * @param {ModelFacts} facts
 */
function objectsToOpen({ objects, count, largestChild, fullChunk }) {
  const at = (/** @type {number} */ index, /** @type {string} */ why) => {
    const object = objects[index];
    if (!object) throw new Error(`The model has no object at ${index}`);
    return { ...object, why };
  };
  const picks = [
    at(1, 'first child'),
    at(Math.floor(count / 4), 'child at 1/4'),
    ...(largestChild ? [{ ...largestChild, why: 'largest child' }] : []),
    at(Math.floor(count / 2), 'child at 1/2'),
    ...(fullChunk ? [{ ...fullChunk, why: 'DataChunk of 62,500' }] : []),
    at(count - 1, 'last child'),
    at(0, 'root'),
  ];
  return picks.filter((pick, index) => picks.findIndex((p) => p.id === pick.id) === index);
}

/**
 * @param {import('playwright-core').Browser} browser
 * @param {boolean} profile then profile the scenarios that have long tasks
 */
async function measureStored(browser, profile) {
  const server = await startDemoServer({ precompressed: true });
  try {
    const big = demoObjectAddress(server, MODEL_100K);
    const small = demoObjectAddress(server, MODEL_10K);
    const large = demoObjectAddress(server, LARGE_OBJECT);
    log('warming up the pre-compressed server (generates and compresses the models)…');
    const body100k = await readLines(big);
    await warmUpJsonArray(big);
    const body10k = await readLines(small);
    await warmUpJsonArray(small);
    await warmUpSingle(large);
    const chunk = body10k.fullChunk;
    if (!chunk) throw new Error('The 10k model has no DataChunk of 62,500 numbers');

    log('100k: floor, naive, app load, heap…');
    const loaded = await measureWithChildren(browser, server, big, body100k, {
      rounds: 5,
      naiveRuns: 2,
      measureHeap: true,
      timeoutMs: LOAD_TIMEOUT_MS,
    });
    let list = null;
    /** @type {import('./exportLines.mjs').ExportRun | null} */
    let exported = null;
    try {
      if (loaded.result.app.runs.every((run) => !run.timedOut)) {
        log('100k: opening objects from the list, scrolling it…');
        const { page } = loaded.session;
        const opening = await openObjects(page, objectsToOpen(body100k), body100k.count);
        list = { ...opening, scroll: await scrollList(page, body100k.count) };
        log('100k: exporting it as JSON lines…');
        exported = await exportJsonLines(loaded.session, LOAD_TIMEOUT_MS);
      }
    } finally {
      await loaded.session.close();
    }
    const stored100k = { ...loaded.result, list, exported };

    log('10k: floor, naive, app load, heap…');
    const small10k = await measureWithChildren(browser, server, small, body10k, {
      rounds: 3,
      naiveRuns: 2,
      measureHeap: true,
      timeoutMs: LOAD_TIMEOUT_MS,
    });
    await small10k.session.close();

    log('20 MB object, 62,500-number array…');
    const largeObject = await paintSingleObject(browser, server, large);
    const expandChunk = await expandField(
      browser,
      server,
      { projectId: small.projectId, objectId: chunk.id },
      'data',
    );
    log('100k and the 20 MB object in a browser no DevTools client inspects…');
    const uninspected = await measureUninspected(
      server,
      { model: big, count: body100k.count, largeObject: large },
      { rounds: 5, timeoutMs: LOAD_TIMEOUT_MS },
    );
    const later = await measureLaterIssues(browser, server, big, body100k);
    const subjects = { model: big, facts: body100k, largeObject: large };
    const profiled = profile
      ? await profileScenarios(browser, server, subjects, join(RESULTS, STAMP))
      : null;
    return {
      measurements: {
        stored100k,
        stored10k: small10k.result,
        largeObject,
        expandChunk,
        uninspected,
        body100k,
        body10k,
      },
      later,
      profiled,
    };
  } finally {
    await server.close();
  }
}

/**
 * The figures of issues 30 (paging a project's models and a model's versions), 32 (the 100k model
 * opened as a file), 47 (Check model against one search) and 31 (two 100k versions compared; last,
 * as it has the server build the second version).
 * @param {import('playwright-core').Browser} browser
 * @param {import('./demoServer.mjs').DemoServer} server
 * @param {import('./models.mjs').ModelAddress} big the 100k model
 * @param {ModelFacts} body100k
 */
async function measureLaterIssues(browser, server, big, body100k) {
  log('1,000 models and 1,000 versions, paged through…');
  const paging = await measurePaging(browser, server);
  log('100k as a file: Open file against a whole read, and a file too big for a tab…');
  const plan = { rounds: 3, timeoutMs: LOAD_TIMEOUT_MS };
  const openedFile = await measureOpenFile(browser, server, big, body100k, {
    ...plan,
    rounds: OPEN_FILE_ROUNDS,
  });
  log('100k: who points here, the links index built once the load ends…');
  const objectLinks = await measureObjectLinks(browser, server, big, body100k, plan);
  log('100k: Check model against one search over all objects…');
  const doctor = await measureDoctor(browser, server, big, body100k);
  log('100k: a property table of five columns against one search over all objects…');
  const propertyTable = await measurePropertyTable(browser, server, big, body100k);
  log('two 100k versions compared, and each loaded alone…');
  const versionDiff = await measureVersionDiff(browser, server, big, body100k, plan);
  return { paging, openedFile, objectLinks, doctor, propertyTable, versionDiff };
}

/** @param {import('playwright-core').Browser} browser */
async function measureLive(browser) {
  const server = await startDemoServer({ precompressed: false });
  try {
    const big = demoObjectAddress(server, MODEL_100K);
    log('warming up the live server (generates the 100k model again)…');
    const facts = await readLines(big);
    log('100k, live gzip: floor, app load…');
    const { result, session } = await measureWithChildren(browser, server, big, facts, {
      rounds: 5,
      naiveRuns: 0,
      measureHeap: false,
      timeoutMs: LOAD_TIMEOUT_MS,
    });
    await session.close();
    return result;
  } finally {
    await server.close();
  }
}

async function main() {
  const started = Date.now();
  const loadAtStart = currentLoad();
  const profile = process.argv.includes('--profile');
  assertBuilt();
  const browser = await launchBrowser();
  try {
    const stored = await measureStored(browser, profile);
    const live100k = await measureLive(browser);
    const measurements = { ...stored.measurements, live100k };
    const { paging, openedFile, objectLinks, doctor, propertyTable, versionDiff } = stored.later;
    const rows = [
      ...buildRows(measurements),
      ...pagingRows(paging),
      ...versionDiffRows(versionDiff),
      ...doctorRows(doctor),
      ...propertyTableRows(propertyTable),
      ...openFileRows(openedFile),
      ...objectLinksRows(objectLinks),
    ];
    const env = environment(browser.version(), loadAtStart);
    const { start, end } = env.loadAverage;
    console.log(
      `Speckle Object Explorer bench, ${new Date(started).toISOString()}, ` +
        `commit ${env.commit?.slice(0, 10)}${env.uncommittedChanges ? ' (with uncommitted changes)' : ''}\n` +
        `Chromium ${env.chromium}, Node ${env.node}, ${env.cpus}, ${env.memoryGB} GB, ` +
        `load average ${start.toFixed(1)} at start, ${end.toFixed(1)} at end\n` +
        'Times: in-page clock, from the click event to the next paint after the DOM shows the ' +
        'result. 100k targets are measured with pre-compressed bodies unless marked "live gzip".\n',
    );
    console.log(formatTable(rows));
    if (pageErrors.length > 0) {
      console.log(
        `\nThe app threw ${pageErrors.length} uncaught error(s): ${pageErrors.join(' | ')}`,
      );
    }
    if (stored.profiled) console.log(`\n${stored.profiled}`);
    const { body100k, body10k, ...details } = measurements;
    const path = writeResults(RESULTS, STAMP, {
      date: new Date(started).toISOString(),
      ...env,
      bodies: {
        '100k': { bytes: body100k.bytes, objects: body100k.count },
        '10k': { bytes: body10k.bytes, objects: body10k.count },
      },
      rows,
      pageErrors,
      details: { ...details, ...stored.later },
    });
    writeFileSync(FIGURES_DOC, formatFiguresDoc(rows, env, new Date(started).toISOString()));
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(
      `\nFigures written to ${path}, latest.json and docs/figures.md (${seconds} s in all).`,
    );
  } finally {
    await browser.close();
  }
}

runBench(main, RUN_TIMEOUT_MS);
