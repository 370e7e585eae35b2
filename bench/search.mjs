// `node bench/search.mjs` (after `vite build`): the search across all objects on the generated
// 100,000-object model. Loads the model in the app, then types queries into "Search all objects"
// and times, inside the page, from the input event to the first result in the list and to the
// status saying the search is done ("Searched all …", with the total of matches); the debounce
// (250 ms) is included. Long tasks come from the bench's longtask observer; the heaps of the page
// and of the search worker are read over CDP after a forced garbage collection.
//
// The first query also pays for handing the model's text to the worker.
import { openWithModel } from './app.mjs';
import { launchBrowser, openBenchPage, pageErrors } from './browser.mjs';
import { assertBuilt, demoObjectAddress, startDemoServer, MODEL_100K } from './demoServer.mjs';
import { readLines } from './models.mjs';
import { log } from './report.mjs';
import { timeQuery } from './searchQuery.mjs';

const TIMEOUT_MS = 120_000;

async function main() {
  assertBuilt();
  const server = await startDemoServer({ precompressed: true });
  const browser = await launchBrowser();
  try {
    const model = demoObjectAddress(server, MODEL_100K);
    log('warming up the 100k model…');
    const facts = await readLines(model);
    const session = await openBenchPage(browser, server.appUrl);
    const { page, realms } = session;
    await openWithModel(page, server, model);
    await page.getByRole('button', { name: 'Get with children', exact: true }).click();
    log('loading the 100k model in the app…');
    await page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${facts.count.toLocaleString('en-US')} objects`) })
      .waitFor({ timeout: TIMEOUT_MS });
    const before = await realms.measure();

    const child = facts.objects[Math.floor(facts.count * 0.75)];
    const queries = [
      // An id: the object, its parent and the root's closure; letters a–f, so every text is lowercased.
      child?.id ?? '',
      'zzz-no-such-text',
      'RevitColumn',
      'Double-Glass',
      '1830 x 2134',
      // Matches in nearly every object (parameters named Level): the total counts each one.
      'level',
    ];
    const runs = [];
    for (const query of queries) {
      log(`searching ${JSON.stringify(query)}…`);
      runs.push(await timeQuery(page, query, TIMEOUT_MS));
    }
    const after = await realms.measure();
    const mb = (/** @type {number} */ bytes) => Math.round(bytes / 1e5) / 10;
    const report = {
      model: { objects: facts.count, bodyMB: mb(facts.bytes) },
      runs,
      heapMB: {
        beforeSearch: before.realms.map((realm) => ({ realm: realm.realm, used: mb(realm.used) })),
        afterSearch: after.realms.map((realm) => ({ realm: realm.realm, used: mb(realm.used) })),
      },
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
