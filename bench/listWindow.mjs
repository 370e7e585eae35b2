// Why the object list keeps its own row window rather than react-virtual (the tree's virtualiser):
// while a load runs, the list's row count grows ~100 times to 100,000, and each growth asks the
// virtualiser for the rows in view. This replays that sequence against both, in one process, and
// prints their medians and ratio. Run: `node bench/listWindow.mjs`.
import { Virtualizer } from '@tanstack/virtual-core';
import { createServer } from 'vite';
import { median } from './floor.mjs';

const ROW_HEIGHT = 28;
const OVERSCAN = 10;
const VIEWPORT = 600;
const UPDATES = 100;
const ROWS = 100_000;
const ROUNDS = 7;

const vite = await createServer({ server: { middlewareMode: true }, logLevel: 'silent' });
const { visibleRange } = await vite.ssrLoadModule('/src/features/list/rowWindow.ts');
await vite.close();

function reactVirtual() {
  const virtualizer = new Virtualizer({
    count: 0,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    getScrollElement: () => null,
    observeElementRect: (_, notify) => notify({ width: 800, height: VIEWPORT }),
    observeElementOffset: (_, notify) => notify(0, false),
    scrollToFn: () => {},
    initialRect: { width: 800, height: VIEWPORT },
  });
  virtualizer._willUpdate();
  const started = performance.now();
  for (let count = ROWS / UPDATES; count <= ROWS; count += ROWS / UPDATES) {
    virtualizer.setOptions({ ...virtualizer.options, count });
    virtualizer.getVirtualItems();
    virtualizer.getTotalSize();
  }
  return performance.now() - started;
}

function rowWindow() {
  const started = performance.now();
  for (let count = ROWS / UPDATES; count <= ROWS; count += ROWS / UPDATES) {
    visibleRange(0, VIEWPORT, ROW_HEIGHT, count, OVERSCAN);
  }
  return performance.now() - started;
}

const virtualRuns = [];
const windowRuns = [];
for (let round = 0; round < ROUNDS; round += 1) {
  virtualRuns.push(reactVirtual());
  windowRuns.push(rowWindow());
}
const virtualMs = median(virtualRuns);
const windowMs = median(windowRuns);
console.log(
  `${UPDATES} updates of a list growing to ${ROWS.toLocaleString('en-US')} rows, median of ${ROUNDS}:`,
);
console.log(`  react-virtual ${virtualMs.toFixed(1)} ms of main-thread work`);
console.log(
  `  row window    ${windowMs.toFixed(3)} ms (${(virtualMs / Math.max(windowMs, 0.001)).toFixed(0)}x less)`,
);
