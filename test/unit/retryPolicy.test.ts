import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind } from '../../src/api/apiError';
import {
  MAX_AUTOMATIC_RETRIES,
  retryDelayMs,
  shouldRetryAutomatically,
} from '../../src/api/retryPolicy';

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
