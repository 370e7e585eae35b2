import { isApiError } from './apiError';
import { isGraphqlError } from './graphqlError';

/**
 * Automatic retries for answers that say "try again later": 429, and a gateway's 502-504, from the
 * object endpoints and GraphQL alike. A browser cannot read `Retry-After` from a cross-origin
 * answer (it is not CORS-safelisted), so the pauses follow our own schedule.
 */
export const MAX_AUTOMATIC_RETRIES = 3;

export function shouldRetryAutomatically(attemptsSoFar: number, error: unknown): boolean {
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
