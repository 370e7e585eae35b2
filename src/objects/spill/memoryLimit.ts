/**
 * How much of a body a tab keeps in memory when the browser's storage cannot take it
 * (docs/storage.md, Limits). Past it the load stops as incomplete, rather than let the browser end
 * the tab.
 */

/** A quarter of a machine of 8 GB: Chromium ends a renderer at a few GB. */
const MEMORY_LIMIT_BYTES = 2_000_000_000;

/** The share of the device's memory a tab may take on a smaller machine, as on one of 8 GB. */
const DEVICE_MEMORY_SHARE = 0.25;

/**
 * The limit on a device of `deviceMemoryGb` (what `navigator.deviceMemory` says, rounded down by
 * the browser; undefined where it says nothing): never more than 2 GB, less on a smaller machine.
 */
export function memoryLimitFor(deviceMemoryGb: number | undefined): number {
  if (deviceMemoryGb === undefined || !(deviceMemoryGb > 0)) return MEMORY_LIMIT_BYTES;
  return Math.min(MEMORY_LIMIT_BYTES, deviceMemoryGb * 1e9 * DEVICE_MEMORY_SHARE);
}

/**
 * This browser's limit. Chromium's `performance.memory.jsHeapSizeLimit` is left out: it bounds the
 * JavaScript heap, while a body's bytes are array buffers outside it, and it says about 4 GB on
 * any 64-bit desktop, above the limit anyway.
 */
export function browserMemoryLimit(): number {
  // Node 20, where the loader also runs (tests, benches), has no navigator.
  const browser = globalThis.navigator as { deviceMemory?: number } | undefined;
  return memoryLimitFor(browser?.deviceMemory);
}
