/**
 * How a received set's load stands, and who hears of it: its progress (loadProgress.ts), the views
 * subscribed to it, and the signal that stops the load. Views read it through `subscribe` and
 * `getProgress` (useSyncExternalStore) rather than through the query cache, which would copy the
 * growing list on every chunk.
 */
import { startingProgress, type LoadProgress } from './loadProgress';

/**
 * Each notice redraws the status, the list's length and the counts, then the page lays out and
 * paints: CPU that a big load on two cores has none of to spare. Four a second read as live
 * progress; ten made the load longer, two did not make it shorter.
 */
const NOTIFY_INTERVAL_MS = 250;

/**
 * When subscribers hear of a change: at once; in the next task (news the page draws, kept out of
 * the task that brought it); or with the next of the throttled notices.
 */
export type NoticeTime = 'now' | 'next task' | 'throttled';

export class SetStatus {
  private progress: LoadProgress;
  private readonly listeners = new Set<() => void>();
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly abortController = new AbortController();

  constructor(now: number) {
    this.progress = startingProgress(now);
  }

  get signal(): AbortSignal {
    return this.abortController.signal;
  }

  cancel(): void {
    this.abortController.abort();
  }

  getProgress = (): LoadProgress => this.progress;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  update(change: Partial<LoadProgress>, when: NoticeTime): void {
    this.progress = { ...this.progress, ...change };
    if (when === 'now') {
      this.notify();
    } else if (when === 'next task') {
      if (this.notifyTimer) clearTimeout(this.notifyTimer);
      this.notifyTimer = setTimeout(() => this.notify());
    } else {
      // Chunks arrive many times a second; views only need a few updates a second.
      this.notifyTimer ??= setTimeout(() => this.notify(), NOTIFY_INTERVAL_MS);
    }
  }

  /** Tells the subscribers now: the progress, or what they read of the set, changed. */
  notify(): void {
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.notifyTimer = null;
    for (const listener of this.listeners) listener();
  }
}
