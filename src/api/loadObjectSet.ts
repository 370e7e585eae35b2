/**
 * Fills an ObjectSet from the with-children endpoint in line mode: bytes → `id\tjson` records, each
 * kept as received. A break in the stream keeps what arrived and marks the set incomplete.
 */
import { ApiError, isApiError, type ApiErrorContext } from './apiError';
import { openObjectStream, type ObjectAddress, type ServerAccess } from './client';
import { createLineReader, MalformedLineError } from './lines';
import { retryDelayMs, shouldRetryAutomatically, MAX_AUTOMATIC_RETRIES } from './retryPolicy';
import type { ObjectSet } from '../speckle/objectSet';

export async function loadObjectSet(
  set: ObjectSet,
  access: ServerAccess,
  address: ObjectAddress,
  onBaseResolved: (base: string) => void,
): Promise<void> {
  const { signal } = set;
  const context: ApiErrorContext = { base: access.base, ...address, hadToken: access.token !== '' };
  try {
    const { body, base } = await openWithRetries(set, access, address);
    if (base !== access.base) onBaseResolved(base);
    await readLines(set, body, signal, { ...context, base });
  } catch (error) {
    if (signal.aborted) set.fail(new ApiError('cancelled', context));
    else if (isApiError(error)) set.fail(error);
    else set.fail(new ApiError('truncated', context, undefined, error));
  }
}

async function openWithRetries(set: ObjectSet, access: ServerAccess, address: ObjectAddress) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await openObjectStream(access, address, set.signal);
    } catch (error) {
      if (!shouldRetryAutomatically(attempt, error) || !isApiError(error)) throw error;
      const delay = retryDelayMs(attempt);
      set.waitForRetry({ attempt: attempt + 1, of: MAX_AUTOMATIC_RETRIES, delayMs: delay }, error);
      await sleep(delay, set.signal);
    }
  }
}

async function readLines(
  set: ObjectSet,
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  context: ApiErrorContext,
): Promise<void> {
  const reader = body.getReader();
  const lines = createLineReader();
  const stopReading = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stopReading);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      set.append(lines.push(value), value.byteLength);
    }
    const { complete } = lines.finish();
    if (signal.aborted) throw new ApiError('cancelled', context);
    if (complete) set.finish();
    else set.fail(new ApiError('truncated', context));
  } catch (error) {
    if (error instanceof MalformedLineError) {
      set.append(error.recordsBefore, 0);
      stopReading();
      throw new ApiError('malformed', {
        ...context,
        serverText: error.message,
      });
    }
    throw error;
  } finally {
    signal.removeEventListener('abort', stopReading);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}
