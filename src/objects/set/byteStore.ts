/**
 * Where a big load's bytes go once the page should not hold them (docs/storage.md): the bytes the
 * loader deferred (objects/load/byteDeferral.ts), appended in the order they came, and read back by
 * offset: a file of the Origin Private File System written by a worker (objects/spill/opfsByteStore.ts).
 */
import type { StoreReader } from './storeReader';

/** Where the bytes of a body that the page does not hold are read from: a store, or opened files. */
export interface ByteSource {
  /**
   * The bytes from `start`, counted from the first byte stored, a copy of their own; bytes handed to
   * a store and not appended yet are waited for.
   */
  read(start: number, length: number): Promise<Uint8Array>;
  /**
   * A port for a reader off the page (storeReader.ts): a worker that reads every span (search)
   * asks the store itself, without a copy through the page.
   */
  reader(): StoreReader;
  /** Drops every byte stored; reads fail after this. */
  release(): Promise<void>;
}

export interface ByteStore extends ByteSource {
  /** Appends the parts that come through the port (arrays of parts, in order). */
  appendFrom(port: MessagePort): void;
  /** Appends the parts, after those already stored. */
  append(parts: readonly Uint8Array[]): void;
  /** Resolves once `count` parts are stored in all; rejects with a StorageError when storing failed. */
  stored(count: number): Promise<void>;
}

/** Why a store failed: its message says what the user can do (storage full, none at all). */
export class StorageError extends Error {
  override name = 'StorageError';

  constructor(
    message: string,
    /** When storing failed: the bytes it kept, from the first, which stay readable. */
    readonly storedBytes: number | null = null,
  ) {
    super(message);
  }
}

/** The bytes from `start` of the blocks laid end to end (`offsets`: each block's first byte). */
export function copyRange(
  blocks: readonly (Uint8Array | null)[],
  offsets: readonly number[],
  start: number,
  length: number,
): Uint8Array {
  const range = new Uint8Array(length);
  let index = lastAtOrBefore(offsets, start);
  for (let at = 0; at < length; index += 1) {
    const block = blocks[index]!;
    const from = start + at - offsets[index]!;
    const piece = block.subarray(from, from + length - at);
    range.set(piece, at);
    at += piece.length;
  }
  return range;
}

/** The index of the last of the ascending `values` at or before `value` (0 when none is). */
export function lastAtOrBefore(values: readonly number[], value: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (values[middle]! <= value) low = middle;
    else high = middle - 1;
  }
  return low;
}
