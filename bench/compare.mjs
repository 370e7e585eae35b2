// Compares two builds of the app on the 100k load, in one browser no inspector touches:
//
//   node bench/compare.mjs <build A> <build B> [--rounds N]
//
// (each a `vite build` output directory; build one, copy `dist/` aside, change, build again).
//
// On a shared machine two bench runs differ by more than most changes do. Each build in a browser
// of its own, one after the other, reading the body in 4 MiB blocks looked 100–150 ms of CPU
// cheaper per load in six pairs of runs out of six; loaded by turns in one browser, sixteen rounds,
// the two builds spent 1,676 and 1,668 ms. So each build is served by a demo server of its own, and
// every round loads both, in turns (A B, then B A), each after the floor measured just before it.
// Changes are read from the differences within a round: its two loads are close in time, and share
// a spell of the machine's load.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { launchOverPipe, openUninspectedPage } from './cdpPipe.mjs';
import { demoObjectAddress, startDemoServer, MODEL_100K } from './demoServer.mjs';
import { fetchAndDiscard, median, medianOrNull } from './floor.mjs';
import { readLines } from './models.mjs';
import { processGroupCpuMs } from './processCpu.mjs';
import { clickFor } from './uninspected.mjs';

const TIMEOUT_MS = 120_000;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '10' } },
});
const rounds = Number(values.rounds);
if (positionals.length !== 2 || !(rounds > 0)) {
  console.error('Usage: node bench/compare.mjs <build A> <build B> [--rounds N]');
  process.exit(2);
}

/** @typedef {{ load: number, floor: number, cpu: number | null }} Round */

const builds = await Promise.all(
  positionals.map(async (dir, index) => {
    const server = await startDemoServer({ precompressed: true, outDir: resolve(dir) });
    const model = demoObjectAddress(server, MODEL_100K);
    const { count } = await readLines(model);
    return { name: 'AB'[index], dir, server, model, count, /** @type {Round[]} */ rounds: [] };
  }),
);

const browser = await launchOverPipe();
try {
  const session = await openUninspectedPage(browser.send);
  // One load of each first, not counted: a fresh browser's first request and a build's first
  // start are slower than any after them.
  for (let round = -1; round < rounds; round += 1) {
    for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
      const { server, model, count } = build;
      await session.page.openApp(server.appUrl, server.base);
      const floor = await fetchAndDiscard(session, model);
      const cpuBefore = processGroupCpuMs(browser.processGroup);
      const { painted } = await clickFor(session, model, 'Get with children', {
        milestone: { status: 'done', count },
        timeoutMs: TIMEOUT_MS,
      });
      const cpuAfter = processGroupCpuMs(browser.processGroup);
      if (painted === null) throw new Error(`Build ${build.name} never finished the load`);
      const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
      if (round >= 0) build.rounds.push({ load: painted, floor: floor.ms, cpu });
    }
  }
} finally {
  await browser.close();
  await Promise.all(builds.map(({ server }) => server.close()));
}

const ms = (/** @type {number} */ value) => `${Math.round(value)} ms`;
const signed = (/** @type {number} */ value) => `${value > 0 ? '+' : ''}${ms(value)}`;
console.log(`100k load, uninspected, ${rounds} rounds; medians`);
for (const { name, dir, rounds: runs } of builds) {
  const cpu = medianOrNull(runs.map((run) => run.cpu));
  console.log(
    `${name} (${dir}): load ${ms(median(runs.map((run) => run.load)))}, ` +
      `its floor ${ms(median(runs.map((run) => run.floor)))}` +
      (cpu === null ? '' : `, CPU ${ms(cpu)}`),
  );
}
const [a, b] = builds.map((build) => build.rounds);
const paired = a.map((runA, index) => ({ runA, runB: /** @type {Round} */ (b[index]) }));
const loadChange = median(paired.map(({ runA, runB }) => runB.load - runA.load));
const cpuChanges = paired.map(({ runA, runB }) =>
  runA.cpu === null || runB.cpu === null ? null : runB.cpu - runA.cpu,
);
const cpuChange = medianOrNull(cpuChanges);
console.log(
  `B − A, round by round: load ${signed(loadChange)}` +
    (cpuChange === null ? '' : `, CPU ${signed(cpuChange)}`) +
    ` (CPU per round: ${cpuChanges.map((change) => (change === null ? '?' : signed(change))).join(', ')})`,
);
