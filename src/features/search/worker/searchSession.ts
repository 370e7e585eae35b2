/**
 * The search across loaded objects as a conversation: the page sends objects' texts and queries,
 * the session answers with compact matches and progress (objectMatching.ts), and with the matches
 * of the objects the page shows. It runs inside the search worker, or on the main thread where
 * there is no Worker (jsdom), so that both paths share this code.
 *
 * Work is done in slices of about `sliceMs`, each followed by a scheduled continuation, so that a
 * new query or more objects (messages queued behind the slice) are taken in between: a new query
 * replaces the running one, and objects that arrive extend a search that has run out of objects.
 *
 * The session keeps every text it was sent for later queries: in a worker that is a second copy
 * of the model's text, about the size of its JSON (bench/search.mjs measures it).
 */
import type { LineRecord } from '../../../bytes/lines';
import {
  compileSpec,
  countMatches,
  detailsOf,
  SLOW_OBJECT_MS,
  type DetailsRequest,
  type SearchDetails,
  type SearchSpec,
  type SearchState,
  type SearchUpdate,
  type SpecSearch,
} from './objectMatching';

export type SearchRequest =
  /** More objects, in the order received; each object once. */
  | { type: 'add'; records: LineRecord[] }
  /**
   * Starts searching for `spec`, dropping the search before; null just stops. Without `scan`,
   * the search only answers for the matches of objects found before (a worker started again
   * after one was ended).
   */
  | { type: 'search'; queryId: number; spec: SearchSpec | null; scan: boolean }
  /** Stops searching; the matches of the objects found can still be asked for. */
  | { type: 'stop'; queryId: number }
  | ({ type: 'details' } & DetailsRequest);

export interface SearchSessionOptions {
  post: (message: SearchUpdate | SearchDetails) => void;
  /** Runs `task` later, after the messages already queued. */
  schedule: (task: () => void) => void;
  now?: () => number;
  sliceMs?: number;
}

interface Job extends SpecSearch {
  queryId: number;
  scanned: number;
  done: boolean;
}

export class SearchSession {
  private readonly records: LineRecord[] = [];
  private job: Job | null = null;
  private scheduled = false;
  private readonly options: Required<SearchSessionOptions>;

  constructor(options: SearchSessionOptions) {
    this.options = { now: () => performance.now(), sliceMs: 20, ...options };
  }

  receive(request: SearchRequest): void {
    switch (request.type) {
      case 'add':
        // One by one: spreading a batch of thousands into push() could overflow the stack.
        for (const record of request.records) this.records.push(record);
        // A search that had caught up goes on with the newcomers.
        if (this.job && !this.job.done) this.wake();
        return;
      case 'search': {
        const compiled = compileSpec(request.spec);
        const { queryId, scan } = request;
        this.job = compiled && { ...compiled, queryId, scanned: 0, done: !scan };
        if (this.job) this.wake();
        return;
      }
      case 'stop':
        if (this.job?.queryId === request.queryId) this.job.done = true;
        return;
      case 'details': {
        const record = this.records[request.index];
        if (!this.job || this.job.queryId !== request.queryId || !record) return;
        this.options.post(detailsOf(this.job.search, request, record.id, record.raw));
      }
    }
  }

  private wake(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.options.schedule(() => {
      this.scheduled = false;
      this.runSlice();
    });
  }

  private runSlice(): void {
    const job = this.job;
    if (!job || job.done) return;
    const { sliceMs, now } = this.options;
    let started = now();
    const deadline = started + sliceMs;
    const objects: number[] = [];
    const counts: number[] = [];
    let state: SearchState = 'searching';
    while (job.scanned < this.records.length) {
      const count = countMatches(job.search, this.records[job.scanned]!.raw);
      if (count > 0) {
        objects.push(job.scanned);
        counts.push(count);
      }
      job.scanned += 1;
      const ended = now();
      if (job.timed && ended - started > SLOW_OBJECT_MS) {
        state = 'too-long';
        job.done = true;
        break;
      }
      if (ended >= deadline) break;
      started = ended;
    }
    if (state !== 'too-long' && job.scanned >= this.records.length) state = 'caught-up';
    this.options.post({
      type: 'update',
      queryId: job.queryId,
      objects,
      counts,
      scanned: job.scanned,
      available: this.records.length,
      state,
    });
    if (state === 'searching') this.wake();
  }
}
