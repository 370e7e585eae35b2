/**
 * What the lookup says about the browser's storage before any load (docs/storage.md, Limits): how
 * big a model it keeps on disk here, and what happens to a bigger one.
 */
import type { SpillRoom } from './spillDirectory';
import type { KeptBody } from '../set/loadProgress';
import { countOf, formatCount } from '../../speckle/counts';
import { formatBytes } from '../../speckle/text';
import { diskCapacity, type MemoryLimits } from './spillPlan';

/**
 * The mean size of an object's line in the bodies measured here (the generated models: 337 MB for
 * 100,000 objects, 3.36 GB for 1,000,000), for a model known by its object count alone.
 */
const OBJECT_BYTES_GUESS = 3_400;

/** The biggest model the app is built to open (issue 33): 1,000,000 objects, about 3.4 GB. */
const BIG_MODEL_BYTES = 1_000_000 * OBJECT_BYTES_GUESS;

export interface StorageLimits extends MemoryLimits {
  room: SpillRoom;
}

function inMemory({ memoryLimit }: MemoryLimits): string {
  return `kept in memory, up to ${formatBytes(memoryLimit)}, and marked incomplete past that`;
}

/**
 * Shown when the storage cannot take a model of the size the app is built for: none at all, or too
 * little room. Room for one says nothing, since every smaller model fits as well.
 */
export function storageNoteBeforeLoad(limits: StorageLimits): string | null {
  const { room, threshold } = limits;
  const over = `over ${formatBytes(threshold)}`;
  if ('unavailable' in room) {
    return `Models ${over} are kept on disk, but ${room.unavailable}: they are ${inMemory(limits)}.`;
  }
  const capacity = diskCapacity(room.freeBytes);
  if (capacity >= BIG_MODEL_BYTES) return null;
  const free = `The browser's storage has ${formatBytes(room.freeBytes)} free`;
  if (capacity <= threshold) {
    return `${free}, too little to keep a big model on disk: models ${over} are ${inMemory(limits)}.`;
  }
  return `${free}: a model up to about ${formatBytes(capacity)} is kept on disk; a bigger one is ${inMemory(limits)}.`;
}

/**
 * Shown for a model whose object count is known before its load (a server's example, an object fetched
 * alone) when the storage will not take it; null when it fits in the page or on disk, when its count is unknown, or while the
 * storage has not answered.
 */
export function modelNoteBeforeLoad(
  objectCount: number | null,
  limits: StorageLimits | null,
): string | null {
  if (objectCount === null || !limits) return null;
  const size = objectCount * OBJECT_BYTES_GUESS;
  const { room, threshold, memoryLimit } = limits;
  if (size <= threshold) return null;
  if ('freeBytes' in room && diskCapacity(room.freeBytes) >= size) return null;
  const model = `This model's ${countOf(objectCount, 'object', 'objects')} take about ${formatBytes(size)}, more than the browser's storage can take here`;
  return size <= memoryLimit
    ? `${model}: it is kept in memory.`
    : `${model}: it is kept in memory up to ${formatBytes(memoryLimit)}, and marked incomplete past that.`;
}

/**
 * The message of a load whose body the browser's storage stopped keeping (`reason`: what the
 * storage said): a failure of the storage, not of the network, which delivered the whole body.
 */
export function storageFullMessage(kept: KeptBody, reason: string): string {
  const { keptBytes, bodyBytes, readable, received } = kept;
  return (
    `The browser's storage stopped keeping this model after ${formatBytes(keptBytes)} of ` +
    `${formatBytes(bodyBytes)} (${reason}). All ${countOf(received, 'object', 'objects')} ` +
    `received are listed; the text of the first ${formatCount(readable)} was kept: those open, ` +
    'and search and exports cover them. Free some of the browser’s storage (a private window ' +
    'keeps it in memory, and holds less), then retry.'
  );
}
