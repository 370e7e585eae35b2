import { isApiError, type ApiError } from './apiError';
import { isGraphqlError, type GraphqlError } from './graphqlError';

/**
 * Automatic retries for answers that say "try again later": 429, and a gateway's 502-504, from the
 * object endpoints and GraphQL alike. A browser cannot read `Retry-After` from a cross-origin
 * answer (it is not CORS-safelisted), so the pauses follow our own schedule. Every request the app
 * makes goes through `withAutomaticRetries`, the one engine; React Query's own retries stay off.
 */
export const MAX_AUTOMATIC_RETRIES = 3;

export type RetryableError = ApiError | GraphqlError;

export function shouldRetryAutomatically(
  attemptsSoFar: number,
  error: unknown,
): error is RetryableError {
  return (
    (isApiError(error) || isGraphqlError(error)) &&
    error.isTransient &&
    attemptsSoFar < MAX_AUTOMATIC_RETRIES
  );
}

/** 1 s, 2 s, 4 s … capped at 30 s. */
export function retryDelayMs(attemptsSoFar: number): number {
  return Math.min(1000 * 2 ** attemptsSoFar, 30_000);
}

/** A pause before an automatic retry, as the page tells it: "trying again in 3 s (2 of 3)". */
export interface RetryWait {
  /** Which retry comes after the pause, from 1. */
  attempt: number;
  of: number;
  delayMs: number;
}

interface RetryOptions {
  /** Ends the pause (and the retries) with the signal's reason. */
  signal?: AbortSignal;
  /** Called as each pause begins, with the answer that caused it. */
  onWait?: (wait: RetryWait, error: RetryableError) => void;
}

/** Runs `request`, and again after a pause while its failure is worth retrying. */
export async function withAutomaticRetries<T>(
  request: () => Promise<T>,
  { signal, onWait }: RetryOptions = {},
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await request();
    } catch (error) {
      if (signal?.aborted || !shouldRetryAutomatically(attempt, error)) throw error;
      const delayMs = retryDelayMs(attempt);
      onWait?.({ attempt: attempt + 1, of: MAX_AUTOMATIC_RETRIES, delayMs }, error);
      await pause(delayMs, signal);
    }
  }
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
