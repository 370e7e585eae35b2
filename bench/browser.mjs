// Debian's Chromium, driven by playwright-core; nothing downloads a browser. The launch options are
// the e2e suite's (test/chromium.json): quiet, and offline apart from the app under test.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  return watchedPage(context, page, () => context.close());
}

/**
 * A browser of its own with a profile on disk, removed on close, and its one page, as
 * `openBenchPage` sets it up. A fresh context is off the record, and there Chromium keeps the
 * origin's private file system in memory with a small quota: a body past the spill threshold
 * (docs/storage.md) would find no room and stay in the page.
 * @param {string} appUrl
 * @returns {Promise<BenchPage & { version: string }>}
 */
export async function openPersistentBenchPage(appUrl) {
  const profile = await mkdtemp(join(tmpdir(), 'bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunch,
    baseURL: appUrl,
    viewport: VIEWPORT,
  });
  await context.addInitScript(installProbes);
  const page = context.pages()[0] ?? (await context.newPage());
  const session = await watchedPage(context, page, async () => {
    // A browser that was killed (bench/million.mjs's guard) may never answer the close.
    const given = new Promise((resolve) => setTimeout(resolve, 30_000));
    await Promise.race([context.close(), given]);
    await rm(profile, { recursive: true, force: true });
  });
  const { product } = await session.cdp.send('Browser.getVersion');
  return { ...session, version: product.replace(/^[^/]*\//, '') };
}

/**
 * @param {import('playwright-core').BrowserContext} context
 * @param {Page} page
 * @param {() => Promise<void>} close
 * @returns {Promise<BenchPage>}
 */
async function watchedPage(context, page, close) {
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const cdp = await context.newCDPSession(page);
  const realms = await watchRealms(cdp);
  return { page, cdp, realms, close };
}

/** Forces a full garbage collection in the page, so one measurement's garbage does not slow the next. */
export async function collectGarbage(/** @type {CDPSession} */ cdp) {
  await cdp.send('HeapProfiler.collectGarbage');
}
