// One scenario of `npm run bench`, for working on its figure without the nine-minute run: after
// `vite build`, `node bench/one.mjs <paging|file|links|compare|list|uninspected|doctor|table>`. Prints that scenario's rows (and,
// for `list`, the 100k list's figures as JSON); writes nothing, docs/figures.md included.
import { launchBrowser } from './browser.mjs';
import {
  assertBuilt,
  demoObjectAddress,
  startDemoServer,
  LARGE_OBJECT,
  MODEL_100K,
} from './demoServer.mjs';
import { uninspectedRows } from './figures.mjs';
import { doctorRows, measureDoctor } from './doctor.mjs';
import { readLines } from './models.mjs';
import { openObjects, scrollList } from './objectList.mjs';
import { measureObjectLinks, objectLinksRows } from './objectLinks.mjs';
import { measurePropertyTable, propertyTableRows } from './propertyTable.mjs';
import { measureOpenFile, OPEN_FILE_ROUNDS, openFileRows } from './openFile.mjs';
import { measurePaging, pagingRows } from './paging.mjs';
import { formatTable } from './report.mjs';
import { measureUninspected } from './uninspected.mjs';
import { measureVersionDiff, versionDiffRows } from './versionDiff.mjs';
import { measureWithChildren } from './withChildren.mjs';

const TIMEOUT_MS = 120_000;
const plan = { rounds: 3, timeoutMs: TIMEOUT_MS };

/** @type {Record<string, (browser: any, server: any, big: any, facts: any) => Promise<unknown>>} */
const scenarios = {
  paging: async (browser, server) => formatTable(pagingRows(await measurePaging(browser, server))),
  file: async (browser, server, big, facts) =>
    formatTable(
      openFileRows(
        await measureOpenFile(browser, server, big, facts, { ...plan, rounds: OPEN_FILE_ROUNDS }),
      ),
    ),
  links: async (browser, server, big, facts) =>
    formatTable(objectLinksRows(await measureObjectLinks(browser, server, big, facts, plan))),
  doctor: async (browser, server, big, facts) =>
    formatTable(doctorRows(await measureDoctor(browser, server, big, facts))),
  table: async (browser, server, big, facts) =>
    formatTable(propertyTableRows(await measurePropertyTable(browser, server, big, facts))),
  compare: async (browser, server, big, facts) =>
    formatTable(versionDiffRows(await measureVersionDiff(browser, server, big, facts, plan))),
  uninspected: async (_browser, server, big, facts) => {
    const subjects = {
      model: big,
      count: facts.count,
      largeObject: demoObjectAddress(server, LARGE_OBJECT),
    };
    const run = await measureUninspected(server, subjects, { rounds: 5, timeoutMs: TIMEOUT_MS });
    return formatTable(uninspectedRows(run, facts));
  },
  list: async (browser, server, big, facts) => {
    const loaded = await measureWithChildren(browser, server, big, facts, {
      rounds: 1,
      naiveRuns: 0,
      measureHeap: false,
      timeoutMs: TIMEOUT_MS,
    });
    try {
      const { page } = loaded.session;
      const { objects, count } = facts;
      const picks = [1, count >> 2, count >> 1, count - 1, 0].map((index) => ({
        ...objects[index],
        why: `object ${index}`,
      }));
      const opening = await openObjects(page, picks, count);
      return JSON.stringify({ ...opening, scroll: await scrollList(page, count) }, null, 2);
    } finally {
      await loaded.session.close();
    }
  },
};

const name = process.argv[2] ?? '';
const scenario = scenarios[name];
if (!scenario) {
  console.error(`Usage: node bench/one.mjs <${Object.keys(scenarios).join('|')}>`);
  process.exit(2);
}
assertBuilt();
const browser = await launchBrowser();
const server = await startDemoServer({ precompressed: true });
try {
  const big = demoObjectAddress(server, MODEL_100K);
  const facts = name === 'paging' ? null : await readLines(big);
  console.log(await scenario(browser, server, big, facts));
} finally {
  await server.close();
  await browser.close();
}
process.exit(0);
