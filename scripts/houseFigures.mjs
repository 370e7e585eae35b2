// `node scripts/houseFigures.mjs`: the shape of src/ as figures, for the notes on the house's
// issues: import circles (type-only imports included), the longest modules, the fullest folders,
// and the road of one lookup: the files on an import path from the object route (its loader and
// its page) to the object tree and to the one module that calls fetch. An import of a feature's
// index.ts is followed to the file that defines each imported name: the index only passes it on.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';

const SRC = resolve(process.argv[2] ?? '.', 'src');
const ROAD_FROM = ['objects/load/lookup.ts', 'features/lookup/LookupResult.tsx'];
const ROAD_TO = ['features/explore/tree/ObjectTree.tsx', 'api/client.ts'];

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile()) ?? null;
}

function importedNames(clause) {
  if (!clause?.trim().startsWith('{')) return null;
  return clause
    .replace(/[{}]/g, '')
    .split(',')
    .map(
      (name) =>
        name
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0],
    )
    .filter(Boolean);
}

const reexportCache = new Map();
/** Name → defining file, for an index.ts made of `export { … } from './x'` lines. */
function reexports(index) {
  if (!reexportCache.has(index)) {
    const names = new Map();
    for (const [, list, specifier] of readFileSync(index, 'utf8').matchAll(
      /export\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'([^']+)'/g,
    )) {
      const target = resolveSpecifier(index, specifier);
      for (const name of importedNames(`{${list}}`) ?? []) if (target) names.set(name, target);
    }
    reexportCache.set(index, names);
  }
  return reexportCache.get(index);
}

const STATEMENT =
  /(?:import|export)\s+(?:type\s+)?([^;'"]*?)\s*from\s*'(\.{1,2}\/[^']*)'|import\(\s*'(\.{1,2}\/[^']*)'|new URL\(\s*'(\.{1,2}\/[^']*)'/g;
function importsOf(file) {
  const targets = [];
  for (const match of readFileSync(file, 'utf8').matchAll(STATEMENT)) {
    const target = resolveSpecifier(file, match[2] ?? match[3] ?? match[4]);
    if (!target || !target.startsWith(SRC)) continue;
    const names = importedNames(match[1]);
    if (basename(target) === 'index.ts' && names) {
      targets.push(...names.map((name) => reexports(target).get(name)).filter(Boolean));
    } else targets.push(target);
  }
  return targets;
}

const files = listFiles(SRC).filter((file) => /\.tsx?$/.test(file));
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const name = (file) => relative(SRC, file);

/** Tarjan's strongly connected components: each of more than one module is an import circle. */
function circles() {
  const order = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  let next = 0;
  const visit = (file) => {
    order.set(file, next);
    low.set(file, next++);
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!order.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (stack.includes(target)) low.set(file, Math.min(low.get(file), order.get(target)));
    }
    if (low.get(file) !== order.get(file)) return;
    const component = stack.splice(stack.indexOf(file));
    if (component.length > 1) found.push(component);
  };
  for (const file of files) if (!order.has(file)) visit(file);
  return found;
}

function reach(starts, edges) {
  const seen = new Set(starts);
  const queue = [...starts];
  while (queue.length > 0)
    for (const next of edges.get(queue.pop()) ?? []) {
      if (!seen.has(next)) (seen.add(next), queue.push(next));
    }
  return seen;
}

const reverse = new Map();
for (const [file, targets] of graph) {
  for (const target of targets) reverse.set(target, [...(reverse.get(target) ?? []), file]);
}
const down = reach(
  ROAD_FROM.map((path) => join(SRC, path)),
  graph,
);
const up = reach(
  ROAD_TO.map((path) => join(SRC, path)),
  reverse,
);
const road = [...down].filter((file) => up.has(file)).sort();

const lines = files
  .map((file) => [name(file), readFileSync(file, 'utf8').split('\n').length - 1])
  .sort((a, b) => b[1] - a[1]);
const folders = new Map();
for (const file of listFiles(SRC))
  folders.set(dirname(file), (folders.get(dirname(file)) ?? 0) + 1);
const fullest = [...folders].sort((a, b) => b[1] - a[1]);

const found = circles();
console.log(`modules: ${files.length}`);
console.log(`import circles, type-only imports included: ${found.length}`);
for (const circle of found) console.log(`  ${circle.map(name).join(' ⇄ ')}`);
console.log(
  `longest modules: ${lines
    .slice(0, 3)
    .map(([file, n]) => `${file} ${n}`)
    .join(', ')}`,
);
console.log(
  `fullest folders: ${fullest
    .slice(0, 3)
    .map(([dir, n]) => `${name(dir)} ${n}`)
    .join(', ')}`,
);
console.log(
  `road of one lookup: ${road.length} files in ${new Set(road.map((file) => dirname(name(file)))).size} folders`,
);
for (const file of road) console.log(`  ${name(file)}`);
