/**
 * Query functions that retry by themselves (retryPolicy.ts), and the pause each query is in, for
 * the page that shows it. React Query's own retries stay off, so that one engine retries every
 * request, the with-children stream's included; React Query then sees one long attempt, and its
 * `failureCount` says nothing of the pauses: they are kept here, per query client and query.
 */
import { hashKey, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import { GraphqlError, isGraphqlError } from './graphqlError';
import { perQueryClient } from './perQueryClient';
import { withAutomaticRetries, type RetryableError, type RetryWait } from './retryPolicy';

export interface PendingRetry extends RetryWait {
  /** The answer that caused the pause. */
  error: RetryableError;
  /** Gives up waiting: the query fails at once, saying it was cancelled and why it waited. */
  stop: () => void;
}

class RetryWaits {
  private readonly waits = new Map<string, PendingRetry>();
  private readonly listeners = new Set<() => void>();

  get(queryKey: QueryKey): PendingRetry | undefined {
    return this.waits.get(hashKey(queryKey));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  report(queryKey: QueryKey, wait: PendingRetry | undefined): void {
    const hash = hashKey(queryKey);
    if (wait) this.waits.set(hash, wait);
    else if (!this.waits.delete(hash)) return;
    for (const listener of this.listeners) listener();
  }
}

export const retryWaitsOf = perQueryClient(() => new RetryWaits());

/** The options every query of the app takes with `retryingQueryFn`. */
export const NO_QUERY_RETRIES = { retry: false } as const;

/** `request` as a query function whose failures worth waiting for are retried after a pause. */
export function retryingQueryFn<C extends QueryFunctionContext, T>(
  request: (context: C) => Promise<T>,
): (context: C) => Promise<T> {
  return async (context) => {
    const waits = retryWaitsOf(context.client);
    // Ends the pause, not a request: stop is offered only while waiting.
    const pauses = new AbortController();
    const stopWith = (reason: unknown) => pauses.abort(reason);
    context.signal.addEventListener('abort', () => stopWith(context.signal.reason), { once: true });
    try {
      return await withAutomaticRetries(() => request(context), {
        signal: pauses.signal,
        onWait: (wait, error) =>
          waits.report(context.queryKey, {
            ...wait,
            error,
            stop: () => stopWith(stoppedWaiting(error)),
          }),
      });
    } finally {
      waits.report(context.queryKey, undefined);
    }
  };
}

/**
 * Why a query that stopped waiting failed: for GraphQL, a cancellation that says what it waited
 * for; the object endpoints' answer itself otherwise.
 */
function stoppedWaiting(error: RetryableError): Error {
  if (!isGraphqlError(error)) return error;
  return new GraphqlError('cancelled', { ...error.context, waitedFor: error.message }, error);
}
