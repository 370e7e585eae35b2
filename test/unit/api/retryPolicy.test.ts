import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiErrorKind } from '../../../src/api/apiError';
import {
  MAX_AUTOMATIC_RETRIES,
  retryDelayMs,
  shouldRetryAutomatically,
  withAutomaticRetries,
  type RetryWait,
} from '../../../src/api/retryPolicy';

const context = { base: 'https://speckle.example', projectId: 'p', objectId: 'o', hadToken: true };
const failure = (kind: ApiErrorKind, status?: number) => new ApiError(kind, { ...context, status });

describe('retryDelayMs', () => {
  it('doubles from one second: 1 s, 2 s, 4 s, 8 s', () => {
    expect([0, 1, 2, 3].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000]);
  });

  it('grows with every attempt until it reaches the 30 s cap, and never passes it', () => {
    const delays = Array.from({ length: 60 }, (_, attempt) => retryDelayMs(attempt));
    const capAt = delays.indexOf(30_000);
    expect(capAt).toBe(5);
    for (let i = 1; i < capAt; i++) expect(delays[i]).toBeGreaterThan(delays[i - 1]!);
    expect(delays.slice(capAt).every((delay) => delay === 30_000)).toBe(true);
    expect(retryDelayMs(1_000_000)).toBe(30_000);
  });
});

describe('shouldRetryAutomatically', () => {
  it('gives up within seconds: the pauses before the last attempt add up to 7 s', () => {
    const pauses = Array.from({ length: MAX_AUTOMATIC_RETRIES }, (_, attempt) =>
      retryDelayMs(attempt),
    );
    expect(pauses.reduce((sum, pause) => sum + pause, 0)).toBe(7000);
  });

  it.each([
    ['a rate limit', failure('rate-limited', 429)],
    ['a 502 gateway page', failure('server-error', 502)],
    ['a 503 gateway page', failure('server-error', 503)],
    ['a 504 gateway page', failure('server-error', 504)],
    [
      'a failed request to a server that answered earlier',
      new ApiError('network', { ...context, answeredBefore: true }),
    ],
  ])('retries %s, at most MAX_AUTOMATIC_RETRIES times', (_name, error) => {
    const decisions = Array.from({ length: MAX_AUTOMATIC_RETRIES + 2 }, (_, attempts) =>
      shouldRetryAutomatically(attempts, error),
    );
    expect(decisions).toEqual([...Array<boolean>(MAX_AUTOMATIC_RETRIES).fill(true), false, false]);
  });

  it.each([
    ['an invalid token', failure('invalid-token', 403)],
    ['no access', failure('no-access', 401)],
    ['an unknown project', failure('project-not-found', 404)],
    ['an unknown object', failure('object-not-found', 404)],
    ['a 500 from the server itself', failure('server-error', 500)],
    ['a web page instead of data', failure('not-speckle', 200)],
    ['a failed request to an address that never answered', failure('network')],
    ['a cancel', failure('cancelled')],
    ['a plain Error', new Error('boom')],
  ])('does not retry %s', (_name, error) => {
    expect(shouldRetryAutomatically(0, error)).toBe(false);
  });
});

describe('withAutomaticRetries', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A request that fails with each of `failures` in turn, then answers "done". */
  function requestFailing(...failures: unknown[]) {
    const request = vi.fn(() => {
      const failure = failures.shift();
      return failure === undefined ? Promise.resolve('done') : Promise.reject(failure);
    });
    return request;
  }

  it('pauses 1 s, then 2 s, telling each pause before it begins, and returns the answer', async () => {
    const rateLimited = failure('rate-limited', 429);
    const gateway = failure('server-error', 503);
    const request = requestFailing(rateLimited, gateway);
    const waits: Array<[RetryWait, unknown]> = [];

    const answer = withAutomaticRetries(request, { onWait: (...wait) => waits.push(wait) });
    await vi.advanceTimersByTimeAsync(999);
    expect(request).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([[{ attempt: 1, of: 3, delayMs: 1000 }, rateLimited]]);
    await vi.advanceTimersByTimeAsync(1 + 1999);
    expect(request).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);

    await expect(answer).resolves.toBe('done');
    expect(request).toHaveBeenCalledTimes(3);
    expect(waits.map(([wait, error]) => [wait.attempt, error])).toEqual([
      [1, rateLimited],
      [2, gateway],
    ]);
  });

  it('gives up with the last failure after three retries', async () => {
    const last = failure('rate-limited', 429);
    const request = requestFailing(failure('rate-limited', 429), last, last, last);

    const answer = withAutomaticRetries(request);
    const settled = expect(answer).rejects.toBe(last);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);

    await settled;
    expect(request).toHaveBeenCalledTimes(4);
  });

  it('does not wait for an answer that waiting cannot change', async () => {
    const refused = failure('invalid-token', 403);
    const request = requestFailing(refused);
    const onWait = vi.fn();

    await expect(withAutomaticRetries(request, { onWait })).rejects.toBe(refused);
    expect(request).toHaveBeenCalledTimes(1);
    expect(onWait).not.toHaveBeenCalled();
  });

  it('ends a pause at once when the signal aborts, with its reason, and asks no more', async () => {
    const request = requestFailing(failure('rate-limited', 429));
    const controller = new AbortController();

    const answer = withAutomaticRetries(request, { signal: controller.signal });
    const settled = expect(answer).rejects.toBe('cancelled by the user');
    await vi.advanceTimersByTimeAsync(500);
    controller.abort('cancelled by the user');

    await settled;
    await vi.runAllTimersAsync();
    expect(request).toHaveBeenCalledTimes(1);
  });
});
