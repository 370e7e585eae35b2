import type { Page } from 'playwright-core';

/** Bodies over 256 kB spill here, instead of over 512 MB: a 1,000-object model spills. */
const SMALL_THRESHOLD = 256 * 1024;
/**
 * Segments of 256 kB, instead of 1 GiB (src/objects/spill/segmentedFile.ts): a spilled 1,000-object body
 * spans several, and reads cross from one to the next.
 */
export const SMALL_SEGMENT = 256 * 1024;

/**
 * Makes the page about to open spill small models to its private file system, in small segments;
 * `retainedBytes` bounds the left results kept for Back (objects/set/setRegistry.ts), the most recent
 * one always kept.
 */
export async function spillSmallModels(
  page: Page,
  { retainedBytes }: { retainedBytes?: number } = {},
): Promise<void> {
  await page.addInitScript((hooks) => Object.assign(window, { explorerTestHooks: hooks }), {
    spillThresholdBytes: SMALL_THRESHOLD,
    spillSegmentBytes: SMALL_SEGMENT,
    retainedBytes,
  });
}
