/** How far a load of the received set has come, as views read it (ObjectSet.getProgress). */
import type { ApiError } from '../../api/apiError';
import type { RetryWait } from '../../api/retryPolicy';

export type LoadStatus = 'waiting' | 'loading' | 'complete' | 'incomplete' | 'failed';

export interface LoadProgress {
  status: LoadStatus;
  /** Distinct objects received. */
  received: number;
  /**
   * Distinct objects whose text the page has: the first this many of `summaries`. Fewer than
   * `received` while the loader defers bytes (see `ObjectSet.wantBytes`), and for good when
   * the browser's storage stopped keeping a spilled body (`ObjectSet.keepStoredOnly`).
   */
  readable: number;
  /** 1 + the number of keys in the root's `__closure`, once the root has arrived. */
  expected: number | null;
  /** Decoded bytes of the body so far. */
  bytes: number;
  duplicates: number;
  /** Distinct objects whose text is too large to read as one (textLimit.ts). */
  tooLarge: number;
  /** Distinct objects whose text is not whole JSON (bytes/lines.ts, isWholeObjectText). */
  damaged: number;
  startedAt: number;
  finishedAt: number | null;
  /** Why the load stopped short (or never started); null while all is well. */
  error: ApiError | null;
  /**
   * Where the objects' texts are: in the page, spilled to disk, or left in the opened files
   * (ObjectSet.spillTo).
   */
  stored: 'page' | 'disk' | 'file';
  /** Why a body too big for the page is kept there all the same (objects/spill/spillPlan.ts). */
  storageNote: string | null;
  /** Set while waiting before an automatic retry. */
  retry: RetryWait | null;
}

/** What a load kept of a body whose storage filled (ObjectSet.keepStoredOnly). */
export interface KeptBody {
  /** The body's bytes kept, from the first: in the page and in the storage. */
  keptBytes: number;
  /** The body's bytes received. */
  bodyBytes: number;
  /** The objects whose text was kept: the first this many received. */
  readable: number;
  received: number;
}

/** The progress of a load that has not started: nothing received. */
export function startingProgress(startedAt: number): LoadProgress {
  return {
    status: 'waiting',
    received: 0,
    readable: 0,
    expected: null,
    bytes: 0,
    duplicates: 0,
    tooLarge: 0,
    damaged: 0,
    startedAt,
    finishedAt: null,
    error: null,
    stored: 'page',
    storageNote: null,
    retry: null,
  };
}

export function isLoading(progress: LoadProgress): boolean {
  return progress.status === 'waiting' || progress.status === 'loading';
}

/**
 * Every object arrived, each as whole JSON: the only answer a new request for the same lookup
 * takes as it is (shared/useAskAgain.ts).
 */
export function isWholeResult(progress: LoadProgress): boolean {
  return progress.status === 'complete' && progress.damaged === 0;
}
