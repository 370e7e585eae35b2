// Debian's Chromium, driven by playwright-core; nothing downloads a browser. The launch options are
// the e2e suite's (test/chromium.json): quiet, and offline apart from the app under test.
import { chromium } from 'playwright-core';
import chromiumLaunch from '../test/chromium.json' with { type: 'json' };
import { watchRealms } from './heap.mjs';
import { installProbes } from './inPage.mjs';

const VIEWPORT = { width: 1280, height: 800 };

/**
 * @typedef {import('playwright-core').Browser} Browser
 * @typedef {import('playwright-core').Page} Page
 * @typedef {import('playwright-core').CDPSession} CDPSession
 * @typedef {{ page: Page, cdp: CDPSession, realms: Awaited<ReturnType<typeof watchRealms>>,
 *   close(): Promise<void> }} BenchPage
 */

/**
 * Uncaught errors of every bench page, for the report: an app that throws while being measured
 * may be measured doing less than it should.
 * @type {string[]}
 */
export const pageErrors = [];

export function launchBrowser() {
  return chromium.launch(chromiumLaunch);
}

/**
 * A fresh context (empty HTTP cache and storage, as a first visit) with the probes installed and
 * the page's workers followed for heap readings.
 * @param {Browser} browser
 * @param {string} appUrl
 * @returns {Promise<BenchPage>}
 */
export async function openBenchPage(browser, appUrl) {
  const context = await browser.newContext({ baseURL: appUrl, viewport: VIEWPORT });
  await context.addInitScript(installProbes);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const cdp = await context.newCDPSession(page);
  const realms = await watchRealms(cdp);
  return { page, cdp, realms, close: () => context.close() };
}

/** Forces a full garbage collection in the page, so one measurement's garbage does not slow the next. */
export async function collectGarbage(/** @type {CDPSession} */ cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
}
