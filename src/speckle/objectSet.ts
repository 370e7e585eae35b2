/**
 * The objects of one with-children answer as they arrive. Raw bytes are the truth: the body is kept
 * as the blocks of bytes it arrived in, duplicates included, so that exports equal the server's
 * body byte for byte, and an object's text is decoded from its bytes when it is asked for. Strings
 * would cost more than the bytes (a string per object, and twice the bytes for any non-Latin-1
 * text); the bytes cost the body's size and nothing else.
 *
 * Views read it through `subscribe`/`getProgress` (useSyncExternalStore) rather than through the
 * query cache, which would copy the growing list on every chunk.
 */
import type { ApiError } from '../api/apiError';
import type { LineRecord } from '../api/lines';
import { idsOf, type IndexedBlock } from '../workers/indexing';
import { decodeSpan } from './utf8Text';

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

/** The body as received, chunk by chunk, with the body offset of each chunk's first byte. */
class Body {
  readonly blocks: Uint8Array[] = [];
  readonly offsets: number[] = [];

  append(block: Uint8Array, offset: number): void {
    this.blocks.push(block);
    this.offsets.push(offset);
  }

  /**
   * The bytes from body offset `start` on: a view into their block, or for the few that span
   * blocks (one line per chunk of the body, at most) a copy joined from them.
   */
  slice(start: number, length: number): Uint8Array {
    let index = this.blockAt(start);
    const first = this.blocks[index]!;
    const from = start - this.offsets[index]!;
    if (from + length <= first.length) return first.subarray(from, from + length);
    const joined = new Uint8Array(length);
    joined.set(first.subarray(from));
    for (let at = first.length - from; at < length;) {
      index += 1;
      const piece = this.blocks[index]!.subarray(0, length - at);
      joined.set(piece, at);
      at += piece.length;
    }
    return joined;
  }

  /** The index of the block that holds body offset `offset`. */
  private blockAt(offset: number): number {
    const { offsets } = this;
    let low = 0;
    let high = offsets.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (offsets[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}

/**
 * One received line: an object's summary, and its text read from the bytes on demand. `raw` is a
 * getter on the prototype, so spreading the object (`{...record}`) leaves the text out. Four
 * fields and no more: there is one per object, 100,000 in a big model, and the body they point
 * into comes from the prototype of their set's own subclass (storedObjectClass).
 */
abstract class StoredObject implements ObjectSummary, LineRecord {
  constructor(
    readonly id: string,
    readonly speckleType: string,
    /** The text's size in UTF-8 bytes. */
    readonly bytes: number,
    /** The body offset of the text's first byte. */
    private readonly start: number,
  ) {}

  protected abstract get body(): Body;

  /** The text's UTF-8 bytes, as received (see Body.slice). */
  get encoded(): Uint8Array {
    return this.body.slice(this.start, this.bytes);
  }

  get raw(): string {
    const { encoded } = this;
    return decodeSpan(encoded, 0, encoded.length);
  }
}

function storedObjectClass(body: Body) {
  return class extends StoredObject {
    protected get body(): Body {
      return body;
    }
  };
}

export class ObjectSet {
  /** Each object once, in the order received. Views follow it while a load runs. */
  readonly summaries: Array<LineRecord & ObjectSummary> = [];
  /**
   * Every line received, once a line repeated an earlier one; until then the lines are the
   * summaries, and a second list of 100,000 entries would only cost memory.
   */
  private withRepeats: Array<LineRecord & ObjectSummary> | null = null;
  /** The body as received, chunk by chunk: `records` point into it. */
  private readonly body = new Body();
  private readonly Stored = storedObjectClass(this.body);
  /** The body offset just past the last good line. */
  private goodEnd = 0;
  private readonly byId = new Map<string, StoredObject>();
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

  /**
   * Every line received, repeats included, in order. Read it when it is needed rather than keep
   * it: it becomes a list of its own when the first repeat arrives.
   */
  get records(): readonly (LineRecord & ObjectSummary)[] {
    return this.withRepeats ?? this.summaries;
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

  /** The object's text as the UTF-8 bytes received, for readers that need no decoded string. */
  encoded(id: string): Uint8Array | undefined {
    return this.byId.get(id)?.encoded;
  }

  summary(id: string): ObjectSummary | undefined {
    return this.byId.get(id);
  }

  /**
   * Adds an indexed block of lines. `typeNames` is the load's type table, with this block's new
   * names already added.
   */
  appendBlock(block: IndexedBlock, typeNames: readonly string[]): void {
    let { received, expected, duplicates } = this.progress;
    const { bytes, offset, starts, ends, types } = block;
    const ids = idsOf(block);
    this.body.append(bytes, offset);
    this.goodEnd = block.goodEnd;
    for (let index = 0; index < ids.length; index += 1) {
      const id = ids[index]!;
      const start = starts[index]!;
      const object = new this.Stored(
        id,
        typeNames[types[index]!] ?? '',
        ends[index]! - start,
        start,
      );
      if (this.byId.has(id)) {
        duplicates += 1;
        (this.withRepeats ??= this.summaries.slice()).push(object);
        continue;
      }
      if (received === 0) expected = block.expected;
      this.byId.set(id, object);
      this.summaries.push(object);
      this.withRepeats?.push(object);
      received += 1;
    }
    this.update(
      {
        status: 'loading',
        received,
        expected,
        duplicates,
        bytes: offset + bytes.length,
        retry: null,
      },
      false,
    );
  }

  /**
   * The body's bytes up to the end of its last good line, as received: what a byte-exact copy of
   * the body holds (a line cut short or malformed left out). Taken now: blocks that arrive later
   * are not part of it.
   */
  bodyBytes(): Uint8Array[] {
    const parts: Uint8Array[] = [];
    const { blocks, offsets } = this.body;
    for (const [index, block] of blocks.entries()) {
      const length = Math.min(block.length, this.goodEnd - offsets[index]!);
      if (length <= 0) break;
      parts.push(length === block.length ? block : block.subarray(0, length));
    }
    return parts;
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
