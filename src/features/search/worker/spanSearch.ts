/**
 * The search across the objects of a body on disk (docs/storage.md), a span at a time: the page
 * names the objects of each span and gives the bytes it holds (textSpans.ts), the rest is read from
 * the store's reader port, and each object is matched as the in-memory search matches it
 * (searchSession.ts). Only the spans in hand are held: memory stays flat whatever the body's size.
 *
 * A few spans are asked for ahead of the one matched, so that the store reads the next while this
 * one is matched. A new query (or an empty one, which just stops) drops the spans of the one
 * before as they come.
 */
import { decodeSpan } from '../../../bytes/utf8Text';
import {
  createObjectMatcher,
  DEFAULT_OBJECT_LIMIT,
  DEFAULT_PER_OBJECT,
  type ObjectMatch,
} from '../../../speckle/search';
import { readSpanBytes, type SpanByteReaders } from '../../../objects/set/spanBytes';
import type { FromDiskSearch, TextSpan } from './diskSearchMessages';
import type { SearchState } from './searchSession';
import { errorText } from '../../../lib/errorText';

interface SpanSearchOptions extends SpanByteReaders {
  post: (message: FromDiskSearch) => void;
  /** Matching objects after which a search stops. */
  limit?: number;
  perObject?: number;
}

/** Spans in hand at most: one matched, the next read meanwhile. */
const AHEAD = 2;

interface Job {
  queryId: number;
  match: NonNullable<ReturnType<typeof createObjectMatcher>>;
  scanned: number;
  found: number;
  available: number;
  /** The object to ask the page for next. */
  next: number;
  asking: boolean;
  /** Spans asked for, their bytes on their way, in order. */
  spans: { span: TextSpan; bytes: Promise<Uint8Array> }[];
  matching: boolean;
  /** The page had no object from `next` on when last asked. */
  atEnd: boolean;
}

export class SpanSearch {
  private job: Job | null = null;
  private readonly limit: number;
  private readonly perObject: number;

  constructor(private readonly options: SpanSearchOptions) {
    this.limit = options.limit ?? DEFAULT_OBJECT_LIMIT;
    this.perObject = options.perObject ?? DEFAULT_PER_OBJECT;
  }

  search(queryId: number, query: string): void {
    const match = createObjectMatcher(query, { perObject: this.perObject });
    this.job = match && {
      queryId,
      match,
      scanned: 0,
      found: 0,
      available: 0,
      next: 0,
      asking: false,
      spans: [],
      matching: false,
      atEnd: false,
    };
    if (this.job) this.ask(this.job);
  }

  /** More objects arrived: a search that had reached the end goes on with them. */
  more(): void {
    const job = this.job;
    if (!job?.atEnd || job.found >= this.limit) return;
    job.atEnd = false;
    this.ask(job);
  }

  receive(span: TextSpan): void {
    const job = this.job;
    if (!job || span.queryId !== job.queryId || span.from !== job.next || !job.asking) return;
    job.asking = false;
    job.available = span.available;
    if (span.ids.length === 0) {
      job.atEnd = true;
      if (job.spans.length === 0) this.report(job, []);
      return;
    }
    job.next = span.from + span.ids.length;
    job.spans.push({ span, bytes: readSpanBytes(span, this.options) });
    this.ask(job);
    void this.matchSpans(job);
  }

  private ask(job: Job): void {
    if (job.asking || job.atEnd || job.spans.length >= AHEAD) return;
    job.asking = true;
    this.options.post({ type: 'want', queryId: job.queryId, from: job.next });
  }

  private async matchSpans(job: Job): Promise<void> {
    if (job.matching) return;
    job.matching = true;
    while (this.job === job && job.spans.length > 0) {
      let bytes: Uint8Array;
      try {
        bytes = await job.spans[0]!.bytes;
      } catch (error) {
        if (this.job !== job) return;
        this.job = null;
        const message = errorText(error);
        this.options.post({ type: 'failed', queryId: job.queryId, message });
        return;
      }
      if (this.job !== job) return;
      const { span } = job.spans.shift()!;
      const found = this.matchSpan(job, span, bytes);
      this.ask(job);
      this.report(job, found);
      if (job.found >= this.limit) this.job = null;
    }
    job.matching = false;
  }

  private matchSpan(job: Job, span: TextSpan, bytes: Uint8Array): ObjectMatch[] {
    const found: ObjectMatch[] = [];
    for (let index = 0; index < span.ids.length && job.found < this.limit; index += 1) {
      const size = span.sizes[index]!;
      const at = span.starts[index]! - span.start;
      // Left out as the in-memory search leaves it out: the status says how many are.
      const raw = size < 0 ? '' : decodeSpan(bytes, at, at + size);
      const match = job.match({ id: span.ids[index]!, raw });
      job.scanned += 1;
      if (match) {
        found.push(match);
        job.found += 1;
      }
    }
    return found;
  }

  private report(job: Job, found: ObjectMatch[]): void {
    const state: SearchState =
      job.found >= this.limit
        ? 'stopped'
        : job.atEnd && job.spans.length === 0
          ? 'caught-up'
          : 'searching';
    const { queryId, scanned } = job;
    const available = Math.max(job.available, scanned);
    this.options.post({ type: 'update', queryId, found, scanned, available, state });
  }
}
