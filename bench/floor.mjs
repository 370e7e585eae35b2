// The two references every app figure is compared with, run in the app's own page so they share
// its browser, connection and process: the floor (fetch the line-mode body and discard it: no
// client can be faster) and the naive client (fetch the JSON array and `res.json()` it). Each run
// starts with a full garbage collection, as the app's runs do, so that none pays for the
// garbage of the one before (a page just navigated away from holds a whole loaded model).
import { collectGarbage } from './browser.mjs';
import { objectUrl } from './models.mjs';

/**
 * @typedef {import('./browser.mjs').BenchPage} BenchPage
 * @typedef {import('./models.mjs').ModelAddress} ModelAddress
 * @typedef {{ ms: number, bytes: number }} FloorRun
 * @typedef {{ ms: number, objects: number, longestTask: number }} NaiveRun
 */

/**
 * @param {BenchPage} session
 * @param {ModelAddress} model
 * @returns {Promise<FloorRun>}
 */
export async function fetchAndDiscard({ page, cdp }, model) {
  await collectGarbage(cdp);
  return page.evaluate(
    async ({ url, token }) => {
      const started = performance.now();
      // The app's own request (src/api/client.ts), cache mode included: a body kept by the HTTP
      // cache costs its writing, which the app does not pay.
      const res = await fetch(url, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/plain' },
        cache: 'no-store',
      });
      if (!res.ok || !res.body) throw new Error(`floor: ${url} answered ${res.status}`);
      const reader = res.body.getReader();
      let bytes = 0;
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        bytes += chunk.value.byteLength;
      }
      return { ms: performance.now() - started, bytes };
    },
    { url: objectUrl(model), token: model.token },
  );
}

/**
 * @param {BenchPage} session
 * @param {ModelAddress} model
 * @returns {Promise<NaiveRun>}
 */
export async function fetchJson({ page, cdp }, model) {
  await collectGarbage(cdp);
  return page.evaluate(
    async ({ url, token }) => {
      const started = performance.now();
      const res = await fetch(url, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      });
      if (!res.ok) throw new Error(`naive: ${url} answered ${res.status}`);
      const objects = /** @type {unknown[]} */ (await res.json()).length;
      const ended = performance.now();
      const { longest } = await window.__bench.longTasksBetween(started, ended);
      return { ms: ended - started, objects, longestTask: longest };
    },
    { url: objectUrl(model), token: model.token },
  );
}

/** @param {number[]} values @returns {number} */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (/** @type {number} */ index) => sorted[index] ?? NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? at(middle) : (at(middle - 1) + at(middle)) / 2;
}

/** The median, or null when any run never got there. @param {(number | null)[]} values */
export function medianOrNull(values) {
  return values.some((value) => value === null) ? null : median(/** @type {number[]} */ (values));
}
