/**
 * Fills an ObjectSet from the with-children endpoint in line mode: the page reads the body and hands
 * each chunk to the indexer (a worker in browsers), which sends back blocks of whole lines with their
 * ids and types. A break in the stream keeps what arrived and marks the set incomplete; a cancel
 * stops the network and the indexer at once and keeps the blocks already stored.
 */
import { ApiError, isApiError, type ApiErrorContext } from './apiError';
import {
  openObjectStream,
  type AnsweredBases,
  type ObjectAddress,
  type ServerAccess,
} from './client';
import { openIndexChannel, type IndexChannel } from './indexChannel';
import type { MalformedLine } from './lines';
import { retryDelayMs, shouldRetryAutomatically, MAX_AUTOMATIC_RETRIES } from './retryPolicy';
import { nextTask } from '../speckle/nextTask';
import type { ObjectSet } from '../speckle/objectSet';

/** Longest run of reads in one task: well under the 50 ms of a long task. */
const READ_SLICE_MS = 16;
/** A read that took longer than this waited for the network, in a task of its own. */
const WAITED_MS = 1;

export async function loadObjectSet(
  set: ObjectSet,
  access: ServerAccess,
  address: ObjectAddress,
  answered: AnsweredBases,
  onBaseResolved: (base: string) => void,
): Promise<void> {
  const { signal } = set;
  const context: ApiErrorContext = { base: access.base, ...address, hadToken: access.token !== '' };
  // Started while the request is on its way: a module worker takes tens of milliseconds to start,
  // and started with the body it held up the first chunks.
  const indexing = startIndexing(set);
  try {
    const { body, base } = await openWithRetries(set, access, address, answered);
    if (base !== access.base) onBaseResolved(base);
    await readLines(set, body, signal, { ...context, base }, indexing);
  } catch (error) {
    if (signal.aborted) set.fail(new ApiError('cancelled', context));
    else if (isApiError(error)) set.fail(error);
    else set.fail(new ApiError('truncated', context, undefined, error));
  } finally {
    // Ends the worker: its memory goes with it.
    indexing.channel.stop();
  }
}

interface Indexing {
  channel: IndexChannel;
  /** The line that stopped the indexer; the lines before it are stored. */
  malformed: MalformedLine | null;
  /** Called once the indexer meets a malformed line. */
  onMalformed: () => void;
}

function startIndexing(set: ObjectSet): Indexing {
  const indexing: Indexing = {
    channel: openIndexChannel((block) => {
      set.appendBlock(block);
      if (block.malformed) {
        indexing.malformed = block.malformed;
        indexing.onMalformed();
      }
    }),
    malformed: null,
    onMalformed: () => undefined,
  };
  return indexing;
}

async function openWithRetries(
  set: ObjectSet,
  access: ServerAccess,
  address: ObjectAddress,
  answered: AnsweredBases,
) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await openObjectStream(access, address, answered, set.signal);
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
  indexing: Indexing,
): Promise<void> {
  const { channel } = indexing;
  const reader = body.getReader();
  const stop = () => {
    channel.stop();
    void reader.cancel().catch(() => undefined);
  };
  indexing.onMalformed = stop;
  signal.addEventListener('abort', stop);
  try {
    let broken: unknown = null;
    try {
      let sliceStart = performance.now();
      for (;;) {
        const asked = performance.now();
        const { done, value } = await reader.read();
        if (done) break;
        channel.push(value);
        const now = performance.now();
        // A read that had to wait began a new task; chunks already queued resolve one read after
        // another in the same task, on top of the browser's own draining of the network pipe
        // (traced: 50-60 ms tasks, a third of them this loop, when a backlog built up).
        if (now - asked > WAITED_MS) sliceStart = now;
        else if (now - sliceStart > READ_SLICE_MS) {
          await nextTask();
          sliceStart = performance.now();
        }
      }
    } catch (error) {
      broken = error;
    }
    // The chunks already handed over are part of what arrived, even when the stream then broke.
    const finished = await channel.finish();
    if (indexing.malformed) {
      throw new ApiError('malformed', { ...context, serverText: indexing.malformed.message });
    }
    if (signal.aborted) throw new ApiError('cancelled', context);
    if (broken) throw broken;
    if (finished?.complete) set.finish();
    else set.fail(new ApiError('truncated', context));
  } finally {
    signal.removeEventListener('abort', stop);
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
