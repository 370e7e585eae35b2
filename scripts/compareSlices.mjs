// Times each step of comparing two versions of the generated 100,000-object building (the demo's
// model and its variant, about 2% of objects changed), run as the page runs it but in Node:
//
//   node scripts/compareSlices.mjs
//
// The page runs the comparison in slices (lib/slices.ts): each task takes steps until its
// 8 ms budget is spent, so a task lasts its budget plus one step at most. What must stay short is
// therefore the longest step of each phase. Figures are printed as ratios to what was measured in
// the same run (indexing one version's body, reading its root with JSON.parse), as the machine's
// other work slows everything alike.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, createServer } from 'vite';

const SEED = 'private-100000';
const SIZE = 100_000;
/** As the loader receives a body: in chunks of a few MiB. */
const CHUNK_CHARS = 4 * 1024 * 1024;

const root = fileURLToPath(new URL('..', import.meta.url));
const ENTRY = 'virtual:compare-slices';
// What the run needs, bundled by Vite (TypeScript, `.wat` modules) into one module that Node runs
// as the page's bundle would: modules loaded through Vite's module runner read every imported
// binding as a property, which slowed the byte loops several times over.
const entryText = `
  export { generateBuilding } from '${root}demo/generate.ts';
  export { serializeJsonb } from '${root}demo/jsonb.ts';
  export { BlockIndexer } from '${root}src/objects/load/indexing.ts';
  export { LineSplitter } from '${root}src/bytes/lines.ts';
  export { ObjectSet } from '${root}src/objects/set/objectSet.ts';
  export { compareSideOf } from '${root}src/features/compare/compareSide.ts';
  export { compareSteps } from '${root}src/features/compare/core/compareVersions.ts';
`;
const server = await createServer({
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
});
const { watModulesPlugin } = await server.ssrLoadModule('/build/watModules.ts');
await server.close();
const outDir = await mkdtemp(join(tmpdir(), 'compare-slices-'));
await build({
  root,
  configFile: false,
  logLevel: 'error',
  plugins: [
    watModulesPlugin(),
    {
      name: 'compare-slices-entry',
      resolveId: (id) => (id === ENTRY ? `\0${ENTRY}` : null),
      load: (id) => (id === `\0${ENTRY}` ? entryText : null),
    },
  ],
  build: {
    ssr: true,
    outDir,
    minify: false,
    rollupOptions: { input: ENTRY, output: { entryFileNames: 'run.mjs' } },
  },
});
const {
  generateBuilding,
  serializeJsonb,
  BlockIndexer,
  LineSplitter,
  ObjectSet,
  compareSideOf,
  compareSteps,
} = await import(pathToFileURL(join(outDir, 'run.mjs')).href);
await rm(outDir, { recursive: true });

/**
 * Milliseconds of CPU this process has spent: on a shared machine, the wall clock also counts the
 * time other processes had the CPU, which made two runs' figures differ several times over.
 */
function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** A version as the demo server streams it: root first, then the rest by id, one line each. */
function* bodyChunks(variant) {
  const { rootId, objects } = generateBuilding({ seed: SEED, size: SIZE, variant });
  const encoder = new TextEncoder();
  let text = `${rootId}\t${serializeJsonb(objects.get(rootId), false)}\n`;
  for (const id of [...objects.keys()].filter((id) => id !== rootId).sort()) {
    text += `${id}\t${serializeJsonb(objects.get(id), true)}\n`;
    if (text.length >= CHUNK_CHARS) {
      yield encoder.encode(text);
      text = '';
    }
  }
  if (text) yield encoder.encode(text);
}

/** A version loaded into a set as the page loads it, and the body's chunks. */
function loadVersion(variant) {
  const chunks = [...bodyChunks(variant)];
  const set = new ObjectSet();
  const indexer = new BlockIndexer();
  for (const chunk of chunks) set.appendBlock(indexer.push(chunk));
  set.finish();
  return { set, chunks };
}

/** The baseline: splitting a version's body into lines, as the indexer does first. */
function splitMs(chunks) {
  const splitter = new LineSplitter();
  const started = cpuMs();
  for (const chunk of chunks) splitter.push(chunk);
  return cpuMs() - started;
}

/** Memory held now, after a full collection, in MB (heap and array buffers). */
function heldMb() {
  globalThis.gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return (heapUsed + arrayBuffers) / 1e6;
}

/**
 * One comparison, timed step by step in CPU time (on a shared machine a step's wall time counts
 * whatever else had the CPU meanwhile): each phase's longest step and the sum of its steps.
 */
function compareOnce(from, to) {
  const longest = new Map();
  const total = new Map();
  const steps = compareSteps(compareSideOf(from), compareSideOf(to));
  let peak = 0;
  let step;
  let count = 0;
  do {
    const before = cpuMs();
    step = steps.next();
    const took = cpuMs() - before;
    // The step that ends the run yields nothing: it is the summary's last.
    const phase = step.done ? 'summary' : step.value;
    longest.set(phase, Math.max(longest.get(phase) ?? 0, took));
    total.set(phase, (total.get(phase) ?? 0) + took);
    if (++count % 200 === 0) peak = Math.max(peak, heldWithoutGcMb());
  } while (!step.done);
  return { comparison: step.value, longest, total, peak };
}

function heldWithoutGcMb() {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return (heapUsed + arrayBuffers) / 1e6;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ROUNDS = Number(process.argv[2] ?? 5);

const first = loadVersion(undefined);
const second = loadVersion('v2');
const bodyMb = (first.set.getProgress().bytes + second.set.getProgress().bytes) / 1e6;
const rootText = first.set.raw(first.set.rootId);
const loaded = heldMb();
const rounds = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const split = splitMs(first.chunks);
  const parseStarted = cpuMs();
  JSON.parse(rootText);
  const rootParse = cpuMs() - parseStarted;
  const { comparison, longest, total, peak } = compareOnce(first.set, second.set);
  // Measured while the comparison is alive: what the page keeps of it.
  const held = heldMb() - loaded;
  rounds.push({ split, rootParse, counts: comparison.counts, longest, total, peak, held });
}

const { counts } = rounds[0];
const ms = (value) => `${value.toFixed(1)} ms`;
const times = (value) => `${value.toFixed(3)}×`;
console.log(`counts: ${JSON.stringify(counts)}`);
console.log(
  `medians of ${ROUNDS} rounds, in CPU time; baselines: splitting one version's body into lines ` +
    `${ms(median(rounds.map((r) => r.split)))}, JSON.parse of its root ` +
    `${ms(median(rounds.map((r) => r.rootParse)))}`,
);
const sums = rounds.map((r) => [...r.total.values()].reduce((a, b) => a + b, 0));
console.log(
  `whole comparison: ${ms(median(sums))}, ${times(median(rounds.map((r, i) => sums[i] / r.split)))} the split`,
);
for (const phase of rounds[0].longest.keys()) {
  const longest = rounds.map((r) => r.longest.get(phase));
  console.log(
    `  ${phase}: longest step ${ms(median(longest))} = ` +
      `${times(median(rounds.map((r) => r.longest.get(phase) / r.split)))} the split, ` +
      `${times(median(rounds.map((r) => r.longest.get(phase) / r.rootParse)))} the root's parse; ` +
      `all its steps ${ms(median(rounds.map((r) => r.total.get(phase))))}`,
  );
}
if (globalThis.gc) {
  console.log(
    `memory: the two loads hold ${ms(loaded).replace('ms', 'MB')} (bodies ${bodyMb.toFixed(1)} MB); ` +
      `while comparing, at most ${times(median(rounds.map((r) => r.peak / loaded)))} that; ` +
      `the result keeps ${median(rounds.map((r) => r.held)).toFixed(1)} MB`,
  );
}
