/**
 * Where this tab spills, and the cleaning up of what closed tabs left. Each tab spills into a
 * directory of its own in the origin's private file system, named for a Web Lock the tab holds for
 * its whole life: the browser releases the lock when the tab closes or crashes, so a directory
 * whose lock is free belongs to no open tab, and the next start removes it.
 */
const TAB_PREFIX = 'spill-tab-';

let tabDirectory: Promise<string> | null = null;

/** This tab's directory's name, once the tab holds its lock. */
export function tabSpillDirectory(): Promise<string> {
  tabDirectory ??= new Promise<string>((resolve, reject) => {
    const name = TAB_PREFIX + crypto.randomUUID();
    // The lock is held until the tab goes: its callback's promise never settles.
    navigator.locks
      .request(name, () => {
        resolve(name);
        return new Promise<never>(() => undefined);
      })
      .catch(reject);
  });
  return tabDirectory;
}

/** Removes the spill directories of tabs that are gone; resolves with how many it removed. */
export async function removeStaleSpills(): Promise<number> {
  if (!storageApis()) return 0;
  const root = await navigator.storage.getDirectory();
  const names: string[] = [];
  for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys()) {
    if (name.startsWith(TAB_PREFIX)) names.push(name);
  }
  let removed = 0;
  for (const name of names) {
    await navigator.locks.request(name, { ifAvailable: true }, async (lock) => {
      if (!lock) return;
      await root.removeEntry(name, { recursive: true });
      removed += 1;
    });
  }
  return removed;
}

/** What the browser's storage can take for a spill, as known before a load. */
export type SpillRoom = { freeBytes: number } | { unavailable: string };

/**
 * Whether the page can spill and how much room there is: no private file system (an old browser,
 * some private windows) or none that opens, or the origin's quota less what it uses.
 */
export async function spillRoom(): Promise<SpillRoom> {
  if (!storageApis()) {
    return { unavailable: 'this browser gives pages no private file storage' };
  }
  try {
    await navigator.storage.getDirectory();
    const { quota = 0, usage = 0 } = await navigator.storage.estimate();
    return { freeBytes: Math.max(0, quota - usage) };
  } catch {
    return { unavailable: 'the browser refuses file storage to this page (a private window?)' };
  }
}

function storageApis(): boolean {
  return (
    typeof Worker === 'function' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.storage?.getDirectory === 'function' &&
    typeof navigator.locks?.request === 'function'
  );
}
