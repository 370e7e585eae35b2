/**
 * The search across the objects of a body on disk (docs/storage.md), a span at a time: the page
 * names the objects of each span and gives the bytes it holds (objects/spans/textSpans.ts), the rest is read from
 * the store's reader port, and each object is matched as the in-memory search matches it
 * (searchSession.ts). Only the spans in hand are held: memory stays flat whatever the body's size.
 *
 * A few spans are asked for ahead of the one matched, so that the store reads the next while this
 * one is matched. A new query (or an empty one, which just stops) drops the spans of the one
 * before as they come.
 */
import { decodeSpan } from '../../../bytes/utf8Text';
import { readSpanBytes, type SpanByteReaders } from '../../../objects/spans/spanBytes';
import type { FromDiskSearch, TextSpan } from './diskSearchMessages';
import {
  compileSpec,
  countMatches,
  detailsOf,
  SLOW_OBJECT_MS,
  type DetailsRequest,
  type SearchSpec,
  type SearchState,
  type SpecSearch,
} from './objectMatching';
import { errorText } from '../../../lib/errorText';

interface SpanSearchOptions extends SpanByteReaders {
  post: (message: FromDiskSearch) => void;
  now?: () => number;
}

/** Spans in hand at most: one matched, the next read meanwhile. */
const AHEAD = 2;

interface Job extends SpecSearch {
  queryId: number;
  scanned: number;
  /** Stopped: an object took too long. */
  done: boolean;
  /** Stopped by the page, or started only to give the matches of objects found before. */
  stopped: boolean;
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
  private readonly now: () => number;

  constructor(private readonly options: SpanSearchOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  /** Without `scan`, only answers for the matches of objects found before (`details`). */
  search(queryId: number, spec: SearchSpec | null, scan = true): void {
    const compiled = compileSpec(spec);
    this.job = compiled && {
      ...compiled,
      queryId,
      scanned: 0,
      done: false,
      stopped: !scan,
      available: 0,
      next: 0,
      asking: false,
      spans: [],
      matching: false,
      atEnd: false,
    };
    if (this.job) this.ask(this.job);
  }

  /** Stops searching; the matches of the objects found can still be asked for. */
  stop(queryId: number): void {
    if (this.job?.queryId !== queryId) return;
    this.job.stopped = true;
    this.job.spans = [];
  }

  /** More objects arrived: a search that had reached the end goes on with them. */
  more(): void {
    const job = this.job;
    if (!job?.atEnd || job.done || job.stopped) return;
    job.atEnd = false;
    this.ask(job);
  }

  receive(span: TextSpan): void {
    const job = this.job;
    if (!job || span.queryId !== job.queryId || span.from !== job.next || !job.asking) return;
    if (job.stopped) return;
    job.asking = false;
    job.available = span.available;
    if (span.ids.length === 0) {
      job.atEnd = true;
      if (job.spans.length === 0) this.report(job, { objects: [], counts: [] });
      return;
    }
    job.next = span.from + span.ids.length;
    job.spans.push({ span, bytes: readSpanBytes(span, this.options) });
    this.ask(job);
    void this.matchSpans(job);
  }

  private ask(job: Job): void {
    if (job.asking || job.atEnd || job.stopped || job.spans.length >= AHEAD) return;
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
      if (this.job !== job || job.stopped) break;
      const { span } = job.spans.shift()!;
      const found = this.matchSpan(job, span, bytes);
      if (!job.done) this.ask(job);
      this.report(job, found);
      if (job.done) {
        job.spans = [];
        break;
      }
    }
    job.matching = false;
  }

  private matchSpan(job: Job, span: TextSpan, bytes: Uint8Array) {
    const found = { objects: [] as number[], counts: [] as number[] };
    for (let index = 0; index < span.ids.length && !job.done; index += 1) {
      const started = this.now();
      const count = countMatches(job.search, textOf(span, bytes, index));
      if (count > 0) {
        found.objects.push(span.from + index);
        found.counts.push(count);
      }
      job.scanned += 1;
      if (job.timed && this.now() - started > SLOW_OBJECT_MS) job.done = true;
    }
    return found;
  }

  private report(job: Job, found: { objects: number[]; counts: number[] }): void {
    const state: SearchState = job.done
      ? 'too-long'
      : job.atEnd && job.spans.length === 0
        ? 'caught-up'
        : 'searching';
    const { queryId, scanned } = job;
    const available = Math.max(job.available, scanned);
    this.options.post({ type: 'update', queryId, ...found, scanned, available, state });
  }

  /** The matches of one object, its span of one (textSpan) read as a search's spans are. */
  async details(request: DetailsRequest, span: TextSpan): Promise<void> {
    const job = this.job;
    if (!job || job.queryId !== request.queryId || span.ids.length === 0) return;
    let bytes: Uint8Array;
    try {
      bytes = await readSpanBytes(span, this.options);
    } catch {
      // The search's own reads say what failed; a row left without its matches says nothing.
      return;
    }
    if (this.job !== job) return;
    this.options.post(detailsOf(job.search, request, span.ids[0]!, textOf(span, bytes, 0)));
  }
}

/** The text of a span's object; left out (too large) as the in-memory search leaves it out. */
function textOf(span: TextSpan, bytes: Uint8Array, index: number): string {
  const size = span.sizes[index]!;
  const at = span.starts[index]! - span.start;
  return size < 0 ? '' : decodeSpan(bytes, at, at + size);
}
