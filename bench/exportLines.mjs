// Issue #5's figure: the loaded 100k model saved as JSON lines through the streaming save path
// (the save dialog's writable stream). The page's `showSaveFilePicker` is replaced by one whose
// writable only counts bytes, so the figure is the app's (decoding each object's text from the
// stored bytes, batching, encoding), not the disk's. Time runs from the click event to the
// writable's close, on the page's clock; the page's heap is sampled over CDP meanwhile.

/**
 * @typedef {import('./browser.mjs').BenchPage} BenchPage
 * @typedef {{ ms: number | null, bytes: number, baseline: number, peak: number, samples: number,
 *   hash: string | null }} ExportRun
 *   `baseline` and `peak`: V8 heap plus backing stores, before and during the export. `hash`:
 *   the bytes' FNV-1a (fnv1a.mjs) when asked for; `ms` then leaves out the time spent hashing.
 */

import { FNV_OFFSET, fnv1a, hex } from './fnv1a.mjs';

const BUTTON = 'Download server lines (id, tab, JSON)';
const SAMPLE_EVERY_MS = 50;

/** @param {import('playwright-core').CDPSession} cdp */
async function heapUsed(cdp) {
  const usage = await cdp.send('Runtime.getHeapUsage');
  return usage.usedSize + usage.backingStorageSize;
}

/**
 * @param {BenchPage} session a page showing the loaded model
 * @param {number} timeoutMs
 * @param {{ hash?: boolean }} [options] hash the bytes too, to compare them with the server's
 * @returns {Promise<ExportRun>}
 */
export async function exportJsonLines({ page, cdp }, timeoutMs, { hash = false } = {}) {
  await page.evaluate(
    ({ hash, fnvSource, offset }) => {
      /** @type {(state: number, bytes: Uint8Array) => number} */
      const fnv = hash ? (0, eval)(`(${fnvSource})`) : () => 0;
      const state = {
        start: /** @type {number | null} */ (null),
        end: /** @type {number | null} */ (null),
        bytes: 0,
        hash: offset,
        hashMs: 0,
      };
      Object.assign(window, { __benchExport: state });
      document.addEventListener('click', (event) => (state.start ??= event.timeStamp), {
        capture: true,
        once: true,
      });
      Object.assign(window, {
        showSaveFilePicker: async () => ({
          createWritable: async () => ({
            write: async (/** @type {Uint8Array} */ data) => {
              state.bytes += data.byteLength;
              if (!hash) return;
              const started = performance.now();
              state.hash = fnv(state.hash, data);
              state.hashMs += performance.now() - started;
            },
            close: async () => void (state.end = performance.now()),
            abort: async () => undefined,
          }),
        }),
      });
    },
    { hash, fnvSource: fnv1a.toString(), offset: FNV_OFFSET },
  );
  await cdp.send('HeapProfiler.collectGarbage');
  const baseline = await heapUsed(cdp);
  let peak = baseline;
  let samples = 0;
  await page.getByRole('button', { name: BUTTON, exact: true }).click();
  const deadline = Date.now() + timeoutMs;
  /** @type {{ start: number | null, end: number | null, bytes: number, hash: number,
   *   hashMs: number }} */
  let state;
  for (;;) {
    peak = Math.max(peak, await heapUsed(cdp));
    samples += 1;
    state = await page.evaluate(() => /** @type {any} */ (window).__benchExport);
    if (state.end !== null || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
  }
  const ms =
    state.end !== null && state.start !== null ? state.end - state.start - state.hashMs : null;
  return { ms, bytes: state.bytes, baseline, peak, samples, hash: hash ? hex(state.hash) : null };
}
