import type { Page } from 'playwright-core';

/** Bodies over 256 kB spill here, instead of over 512 MB: a 1,000-object model spills. */
const SMALL_THRESHOLD = 256 * 1024;

/**
 * Makes the page about to open spill small models to its private file system; `retainedBytes`
 * bounds the left results kept for Back (app/resultRetention.ts), the most recent one always kept.
 */
export async function spillSmallModels(
  page: Page,
  { retainedBytes }: { retainedBytes?: number } = {},
): Promise<void> {
  await page.addInitScript((hooks) => Object.assign(window, { explorerTestHooks: hooks }), {
    spillThresholdBytes: SMALL_THRESHOLD,
    retainedBytes,
  });
}
