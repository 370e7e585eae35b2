/**
 * A scan that follows a list while a load makes it grow, run in time slices (slices.ts) so that
 * typing, scrolling and the load itself go on. A worker would have to be sent the objects' text,
 * which costs about as much as the scan.
 */
import type { ReadonlyList } from './readonlyList';
import { runInSlices } from './slices';

export interface Accumulator<Item, Result> {
  add(item: Item): void;
  /** Called at most once per `intervalMs`: cheap, and a new value each time. */
  result(): Result;
}

/**
 * Follows a list that grows while a load runs (ObjectSet.summaries): feeds each new item to an
 * accumulator in time slices and publishes its result, for useSyncExternalStore, at most every
 * `intervalMs` (and once more when it has caught up), so that the views built on it re-render a few
 * times a second however fast objects arrive.
 */
export class GrowingScan<Item, Result> {
  private scanned = 0;
  private target = 0;
  private running: AbortController | null = null;
  private snapshot: { result: Result; scanned: number };
  private lastPublished = Number.NEGATIVE_INFINITY;
  private publishTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly items: ReadonlyList<Item>,
    private readonly accumulator: Accumulator<Item, Result>,
    private readonly intervalMs = 300,
  ) {
    this.snapshot = { result: accumulator.result(), scanned: 0 };
  }

  /** Scans on until `count` items have been added; starts again after `stop`. */
  scanTo(count: number): void {
    this.target = Math.max(this.target, Math.min(count, this.items.length));
    if (this.running || this.scanned >= this.target) return;
    const controller = new AbortController();
    this.running = controller;
    runInSlices(this.steps(), { signal: controller.signal }).then(
      () => {
        this.running = null;
        this.schedulePublish();
        // Items counted in after the last step and before this callback still need a run.
        this.scanTo(this.target);
      },
      // Only an abort ends it early, and `stop` has already cleared `running`.
      () => undefined,
    );
  }

  /** Stops scanning and publishing (on unmount); what was added stays. */
  stop(): void {
    this.running?.abort();
    this.running = null;
    if (this.publishTimer) clearTimeout(this.publishTimer);
    this.publishTimer = null;
  }

  getSnapshot = (): { result: Result; scanned: number } => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private *steps(): Generator<void, void> {
    // Reads `target` on every step, so items that arrive meanwhile join this run.
    while (this.scanned < this.target) {
      const item = this.items.at(this.scanned)!;
      this.scanned += 1;
      this.accumulator.add(item);
      if (this.scanned % PUBLISH_CHECK_EVERY === 0) this.schedulePublish();
      yield;
    }
  }

  private schedulePublish(): void {
    if (this.publishTimer) return;
    const wait = this.lastPublished + this.intervalMs - performance.now();
    if (wait <= 0) this.publish();
    else this.publishTimer = setTimeout(() => this.publish(), wait);
  }

  private publish(): void {
    this.publishTimer = null;
    this.lastPublished = performance.now();
    this.snapshot = { result: this.accumulator.result(), scanned: this.scanned };
    for (const listener of this.listeners) listener();
  }
}

const PUBLISH_CHECK_EVERY = 1000;
