/**
 * The objects of one with-children answer as they arrive. Raw text is the truth: every line is kept
 * exactly as received, duplicates included, so that exports equal the server's body byte for byte.
 * Views read it through `subscribe`/`getProgress` (useSyncExternalStore) rather than through the
 * query cache, which would copy the growing list on every chunk.
 */
import type { ApiError } from '../api/apiError';
import type { LineRecord } from '../api/lines';
import { utf8ByteLength } from './text';
import { countTopLevelClosure, readTopLevelType } from './topLevelFields';

export interface ObjectSummary {
  id: string;
  speckleType: string;
  /** Size of the object's text in UTF-8 bytes. */
  bytes: number;
}

export type LoadStatus = 'waiting' | 'loading' | 'complete' | 'incomplete' | 'failed';

export interface LoadProgress {
  status: LoadStatus;
  /** Distinct objects received. */
  received: number;
  /** 1 + the number of keys in the root's `__closure`, once the root has arrived. */
  expected: number | null;
  /** Decoded bytes of the body so far. */
  bytes: number;
  duplicates: number;
  startedAt: number;
  finishedAt: number | null;
  /** Why the load stopped short (or never started); null while all is well. */
  error: ApiError | null;
  /** Set while waiting before an automatic retry. */
  retry: { attempt: number; of: number; delayMs: number } | null;
}

const NOTIFY_INTERVAL_MS = 100;

export class ObjectSet {
  readonly records: LineRecord[] = [];
  readonly summaries: ObjectSummary[] = [];
  private readonly byId = new Map<string, ObjectSummary & { raw: string }>();
  private progress: LoadProgress;
  private readonly listeners = new Set<() => void>();
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly abortController = new AbortController();

  constructor(now = Date.now()) {
    this.progress = {
      status: 'waiting',
      received: 0,
      expected: null,
      bytes: 0,
      duplicates: 0,
      startedAt: now,
      finishedAt: null,
      error: null,
      retry: null,
    };
  }

  get signal(): AbortSignal {
    return this.abortController.signal;
  }

  get rootId(): string | null {
    return this.records[0]?.id ?? null;
  }

  cancel(): void {
    this.abortController.abort();
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  raw(id: string): string | undefined {
    return this.byId.get(id)?.raw;
  }

  summary(id: string): ObjectSummary | undefined {
    return this.byId.get(id);
  }

  append(records: readonly LineRecord[], bytes: number): void {
    let { received, expected, duplicates } = this.progress;
    for (const record of records) {
      this.records.push(record);
      if (this.byId.has(record.id)) {
        duplicates += 1;
        continue;
      }
      const summary = {
        id: record.id,
        speckleType: readTopLevelType(record.raw),
        bytes: utf8ByteLength(record.raw),
      };
      // The root's closure says how many objects to expect.
      if (received === 0) expected = 1 + countTopLevelClosure(record.raw);
      this.byId.set(record.id, { ...summary, raw: record.raw });
      this.summaries.push(summary);
      received += 1;
    }
    this.update(
      {
        status: 'loading',
        received,
        expected,
        duplicates,
        bytes: this.progress.bytes + bytes,
        retry: null,
      },
      false,
    );
  }

  waitForRetry(retry: LoadProgress['retry'], error: ApiError): void {
    this.update({ retry, error }, true);
  }

  finish(): void {
    this.update({ status: 'complete', finishedAt: Date.now(), error: null, retry: null }, true);
  }

  fail(error: ApiError): void {
    const status = this.records.length > 0 ? 'incomplete' : 'failed';
    this.update({ status, error, finishedAt: Date.now(), retry: null }, true);
  }

  getProgress = (): LoadProgress => this.progress;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(change: Partial<LoadProgress>, immediately: boolean): void {
    this.progress = { ...this.progress, ...change };
    if (immediately) {
      this.notify();
    } else {
      // Chunks arrive many times a second; views only need a few updates a second.
      this.notifyTimer ??= setTimeout(() => this.notify(), NOTIFY_INTERVAL_MS);
    }
  }

  private notify(): void {
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.notifyTimer = null;
    for (const listener of this.listeners) listener();
  }
}

export function isLoading(progress: LoadProgress): boolean {
  return progress.status === 'waiting' || progress.status === 'loading';
}
