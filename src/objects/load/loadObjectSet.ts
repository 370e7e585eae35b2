/**
 * Fills an ObjectSet from the with-children endpoint in line mode: the indexer (a worker in
 * browsers) requests the body and sends back blocks of whole lines with their ids and types. A break
 * in the stream keeps what arrived and marks the set incomplete; a cancel stops the network and the
 * indexer at once and keeps the blocks already stored.
 */
import { ApiError, isApiError } from '../../api/apiError';
import {
  errorContext,
  type AnsweredBases,
  type ObjectAddress,
  type ServerAccess,
} from '../../api/client';
import { openIndexChannel } from './indexChannel';
import type { MalformedLine } from '../../bytes/lines';
import { withAutomaticRetries } from '../../api/retryPolicy';
import type { ObjectSet } from '../set/objectSet';
import { browserSpillPlan } from '../spill/spillPlan';
import { storageFullMessage } from '../spill/storageNotes';
import { ceilingMessage, DEFAULT_CEILINGS, type LoadCeilings } from './loadCeilings';

export async function loadObjectSet(
  set: ObjectSet,
  access: ServerAccess,
  address: ObjectAddress,
  answered: AnsweredBases,
  onBaseResolved: (base: string) => void,
  ceilings: LoadCeilings = DEFAULT_CEILINGS,
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
      spillTo: (store, where) => set.spillTo(store, where),
      noteStorage: (note) => set.noteStorage(note),
    },
    signal,
    typeof Worker === 'function' ? browserSpillPlan() : null,
  );
  set.askForBytesWith(() => channel.release());
  const stop = () => void channel.stop();
  signal.addEventListener('abort', stop);
  try {
    const base = await withAutomaticRetries(
      () => channel.open(access, address, answered, ceilings),
      {
        signal,
        // The stream opens only with the object endpoint's errors.
        onWait: (wait, error) => {
          if (isApiError(error)) set.waitForRetry(wait, error);
        },
      },
    );
    if (base !== access.base) onBaseResolved(base);
    const end = await channel.finished;
    const atBase = { ...context, base, received: set.getProgress().received };
    if (malformed.line) {
      throw new ApiError('malformed', { ...atBase, serverText: malformed.line.message });
    }
    if (signal.aborted) throw new ApiError('cancelled', atBase);
    if (end?.ceiling) {
      const message = ceilingMessage(end.ceiling, ceilings, atBase.received);
      throw new ApiError('ceiling', { ...atBase, ceiling: end.ceiling }, message);
    }
    const storage = end?.storageFailure;
    if (storage) {
      // What the storage kept is what can be read; the network may well have sent it all.
      const kept = set.keepStoredOnly(storage.storedBytes ?? 0);
      throw new ApiError('storage-full', atBase, storageFullMessage(kept, storage.message));
    }
    // The blocks already delivered are part of what arrived, even when the stream or the worker
    // then broke (no end at all).
    if (end?.complete && end.broken === undefined) set.finish();
    else set.fail(new ApiError('truncated', atBase, undefined, end?.broken));
  } catch (error) {
    const ended = { ...context, received: set.getProgress().received };
    if (signal.aborted) set.fail(new ApiError('cancelled', ended));
    else if (isApiError(error)) set.fail(error);
    else set.fail(new ApiError('truncated', ended, undefined, error));
  } finally {
    signal.removeEventListener('abort', stop);
    // Ends the worker, and its memory with it; the bytes it deferred come first.
    await channel.stop();
  }
}
