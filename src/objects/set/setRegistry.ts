/**
 * Who owns the received sets, and for how long. A set can hold hundreds of MB and a file on disk,
 * so each is kept under its lookup's key while a view shows it, and the views say so: `retain`
 * when they show it, the function it returns when they stop. Once nothing retains a set (decided
 * a task later, so that a view drawn again at once keeps it: React's strict mode, a route that
 * stays), a set still loading is let go at once, its load cancelled and its store freed: it is not
 * kept running unseen. So is one that ended with no object: it holds nothing to show. One that
 * ended with objects, complete or not, is kept for Back and Forward, which show it as it ended:
 * always the one left last, and older ones, most recently left first, while all those kept hold
 * under RETAINED_BYTES of bodies (docs/loading.md, "Results kept for Back and Forward").
 */
import type { LoadProgress } from './loadProgress';

/**
 * The bodies kept for Back beyond the last result left: a 100k model is 337 MB, so the tab holds
 * the shown model and at most one such model more, or several smaller ones.
 */
export const RETAINED_BYTES = 512 * 1024 * 1024;

/** What the registry needs of a set: how its load stands, how to stop it and free its store. */
export interface OwnedSet {
  getProgress(): Pick<LoadProgress, 'status' | 'bytes'>;
  cancel(): void;
  dispose(): void;
}

export interface SetRegistryOptions {
  /** The bytes of left results kept, read each time one is left (a test hook may lower it). */
  budget?: () => number;
  /** Runs `settle` a task later. */
  later?: (settle: () => void) => void;
}

interface Entry<Set> {
  set: Set | undefined;
  /** The views that retain the key. */
  holders: number;
}

export class SetRegistry<Set extends OwnedSet> {
  private readonly entries = new Map<string, Entry<Set>>();
  /** Keys of ended sets no view retains, most recently left first. */
  private left: string[] = [];
  private readonly budget: () => number;
  private readonly later: (settle: () => void) => void;

  constructor({
    budget = () => RETAINED_BYTES,
    later = (settle) => setTimeout(settle, 0),
  }: SetRegistryOptions = {}) {
    this.budget = budget;
    this.later = later;
  }

  /** The set kept under `key`, or the one `create` makes (and starts loading), kept from now on. */
  open(key: string, create: () => Set): Set {
    const entry = this.entryOf(key);
    entry.set ??= create();
    return entry.set;
  }

  /** The set kept under `key`, if any. */
  peek(key: string): Set | undefined {
    return this.entries.get(key)?.set;
  }

  /**
   * A view shows the set under `key` (or will, once it is opened): it stays until every view that
   * retained it has released it. Returns the release, which counts once however often called.
   */
  retain(key: string): () => void {
    const entry = this.entryOf(key);
    entry.holders += 1;
    this.left = this.left.filter((other) => other !== key);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      entry.holders -= 1;
      if (entry.holders === 0) this.later(() => this.settle(key, entry));
    };
  }

  /**
   * Lets go of the set under `key` now, whoever retains it: the lookup is asked again, and the next
   * `open` makes a new set in its place.
   */
  renew(key: string): void {
    const entry = this.entries.get(key);
    const set = entry?.set;
    if (!entry || !set) return;
    entry.set = undefined;
    if (entry.holders === 0) this.entries.delete(key);
    this.left = this.left.filter((other) => other !== key);
    letGo(set);
  }

  private entryOf(key: string): Entry<Set> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { set: undefined, holders: 0 };
      this.entries.set(key, entry);
    }
    return entry;
  }

  private settle(key: string, entry: Entry<Set>): void {
    if (entry.holders > 0 || this.entries.get(key) !== entry) return;
    const { set } = entry;
    const status = set?.getProgress().status;
    if (status !== 'complete' && status !== 'incomplete') {
      this.drop(key);
      return;
    }
    this.left = [key, ...this.left.filter((other) => other !== key)];
    const bytes = (other: string) => this.entries.get(other)?.set?.getProgress().bytes ?? 0;
    const release = resultsToRelease(
      this.left.map((other) => ({ key: other, bytes: bytes(other) })),
      this.budget(),
    );
    for (const old of release) this.drop(old);
  }

  private drop(key: string): void {
    const set = this.entries.get(key)?.set;
    this.entries.delete(key);
    this.left = this.left.filter((other) => other !== key);
    if (set) letGo(set);
  }
}

/** Its load stops (network and indexing worker), and what it spilled to disk is deleted. */
function letGo(set: OwnedSet): void {
  set.cancel();
  set.dispose();
}

export interface LeftResult<Key> {
  key: Key;
  /**
   * The result's body size: what it holds in memory, near enough (docs/loading.md, heap). A body
   * spilled to disk counts whole too: its file is kept with it, and the disk's quota is no larger.
   */
  bytes: number;
}

/** The results to let go, of those left, most recently left first. */
export function resultsToRelease<Key>(
  left: readonly LeftResult<Key>[],
  budget = RETAINED_BYTES,
): Key[] {
  let kept = 0;
  return left
    .filter((result, index) => {
      kept += result.bytes;
      return index > 0 && kept > budget;
    })
    .map((result) => result.key);
}
