import type { Page } from 'playwright-core';

/** Bodies over 256 kB spill here, instead of over 512 MB: a 1,000-object model spills. */
const SMALL_THRESHOLD = 256 * 1024;

/** Makes the page about to open spill small models to its private file system. */
export async function spillSmallModels(page: Page): Promise<void> {
  await page.addInitScript((threshold) => {
    Object.assign(window, { explorerTestHooks: { spillThresholdBytes: threshold } });
  }, SMALL_THRESHOLD);
}
