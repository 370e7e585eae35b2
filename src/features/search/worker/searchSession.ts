/**
 * The search across loaded objects as a conversation: the page sends objects' texts and queries,
 * the session answers with matches and progress. It runs inside the search worker, or on the main
 * thread where there is no Worker (jsdom), so that both paths share this code.
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
  createObjectMatcher,
  DEFAULT_OBJECT_LIMIT,
  DEFAULT_PER_OBJECT,
  type ObjectMatch,
} from '../../../speckle/search';

export type SearchRequest =
  /** More objects, in the order received; each object once. */
  | { type: 'add'; records: LineRecord[] }
  /** Starts searching for `query`, dropping the search before; an empty query just stops. */
  | { type: 'search'; queryId: number; query: string };

/**
 * - `searching`: more objects to look at;
 * - `caught-up`: every object sent so far was searched; objects sent later will be too;
 * - `stopped`: `limit` objects matched, so the search ended at `scanned`.
 */
export type SearchState = 'searching' | 'caught-up' | 'stopped';

export interface SearchUpdate {
  type: 'update';
  queryId: number;
  /** Objects found since the previous update of this query, in the order received. */
  found: ObjectMatch[];
  /** Objects searched so far. */
  scanned: number;
  /** Objects the session holds. */
  available: number;
  state: SearchState;
}

export interface SearchSessionOptions {
  post: (update: SearchUpdate) => void;
  /** Runs `task` later, after the messages already queued. */
  schedule: (task: () => void) => void;
  now?: () => number;
  sliceMs?: number;
  /** Matching objects after which a search stops. */
  limit?: number;
  perObject?: number;
}

interface Job {
  queryId: number;
  match: (record: LineRecord) => ObjectMatch | null;
  scanned: number;
  found: number;
}

export class SearchSession {
  private readonly records: LineRecord[] = [];
  private job: Job | null = null;
  private scheduled = false;
  private readonly options: Required<SearchSessionOptions>;

  constructor(options: SearchSessionOptions) {
    this.options = {
      now: () => performance.now(),
      sliceMs: 20,
      limit: DEFAULT_OBJECT_LIMIT,
      perObject: DEFAULT_PER_OBJECT,
      ...options,
    };
  }

  receive(request: SearchRequest): void {
    if (request.type === 'add') {
      // One by one: spreading a batch of thousands into push() could overflow the stack.
      for (const record of request.records) this.records.push(record);
      // A search that had caught up goes on with the newcomers.
      if (this.job && this.job.found < this.options.limit) this.wake();
      return;
    }
    const match = createObjectMatcher(request.query, { perObject: this.options.perObject });
    this.job = match && { queryId: request.queryId, match, scanned: 0, found: 0 };
    if (this.job) this.wake();
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
    if (!job) return;
    const { limit, sliceMs, now } = this.options;
    const deadline = now() + sliceMs;
    const found: ObjectMatch[] = [];
    while (job.scanned < this.records.length && job.found < limit) {
      const match = job.match(this.records[job.scanned] as LineRecord);
      job.scanned += 1;
      if (match) {
        found.push(match);
        job.found += 1;
      }
      if (now() >= deadline) break;
    }
    const state: SearchState =
      job.found >= limit
        ? 'stopped'
        : job.scanned < this.records.length
          ? 'searching'
          : 'caught-up';
    this.options.post({
      type: 'update',
      queryId: job.queryId,
      found,
      scanned: job.scanned,
      available: this.records.length,
      state,
    });
    if (state === 'searching') this.wake();
  }
}
