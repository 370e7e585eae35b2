/**
 * Fills an ObjectSet from the with-children endpoint in line mode: the indexer (a worker in
 * browsers) requests the body and sends back blocks of whole lines with their ids and types. A break
 * in the stream keeps what arrived and marks the set incomplete; a cancel stops the network and the
 * indexer at once and keeps the blocks already stored.
 */
import { ApiError, isApiError } from '../api/apiError';
import {
  errorContext,
  type AnsweredBases,
  type ObjectAddress,
  type ServerAccess,
} from '../api/client';
import { openIndexChannel, type IndexChannel } from './indexChannel';
import type { MalformedLine } from '../bytes/lines';
import { retryDelayMs, shouldRetryAutomatically, MAX_AUTOMATIC_RETRIES } from '../api/retryPolicy';
import type { ObjectSet } from '../store/objectSet';
import { browserSpillPlan } from './spillPlan';

export async function loadObjectSet(
  set: ObjectSet,
  access: ServerAccess,
  address: ObjectAddress,
  answered: AnsweredBases,
  onBaseResolved: (base: string) => void,
): Promise<void> {
  const { signal } = set;
  const context = errorContext(access.base, access, address);
  // The line that stopped the indexer; the lines before it are stored.
  const malformed: { line: MalformedLine | null } = { line: null };
  const channel = openIndexChannel(
    {
      appendBlock(block) {
        set.appendBlock(block);
        malformed.line ??= block.malformed;
      },
      receiveBytes: (parts) => set.receiveBytes(parts),
      spillTo: (store) => set.spillTo(store),
      noteStorage: (note) => set.noteStorage(note),
    },
    signal,
    typeof Worker === 'function' ? browserSpillPlan() : null,
  );
  set.askForBytesWith(() => channel.release());
  const stop = () => void channel.stop();
  signal.addEventListener('abort', stop);
  try {
    const base = await openWithRetries(set, channel, access, address, answered);
    if (base !== access.base) onBaseResolved(base);
    const end = await channel.finished;
    const atBase = { ...context, base };
    if (malformed.line) {
      throw new ApiError('malformed', { ...atBase, serverText: malformed.line.message });
    }
    if (signal.aborted) throw new ApiError('cancelled', atBase);
    // The blocks already delivered are part of what arrived, even when the stream or the worker
    // then broke (no end at all).
    if (end?.complete && end.broken === undefined) set.finish();
    else set.fail(new ApiError('truncated', atBase, undefined, end?.broken));
  } catch (error) {
    if (signal.aborted) set.fail(new ApiError('cancelled', context));
    else if (isApiError(error)) set.fail(error);
    else set.fail(new ApiError('truncated', context, undefined, error));
  } finally {
    signal.removeEventListener('abort', stop);
    // Ends the worker, and its memory with it; the bytes it held back come first.
    await channel.stop();
  }
}

async function openWithRetries(
  set: ObjectSet,
  channel: IndexChannel,
  access: ServerAccess,
  address: ObjectAddress,
  answered: AnsweredBases,
): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await channel.open(access, address, answered);
    } catch (error) {
      if (!shouldRetryAutomatically(attempt, error) || !isApiError(error)) throw error;
      const delay = retryDelayMs(attempt);
      set.waitForRetry({ attempt: attempt + 1, of: MAX_AUTOMATIC_RETRIES, delayMs: delay }, error);
      await sleep(delay, set.signal);
    }
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
