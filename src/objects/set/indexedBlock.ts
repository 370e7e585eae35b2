/**
 * What the received set is given as a load goes: a chunk of the body and the index of the object
 * lines it completes. The loader's indexer makes these (objects/load/indexing.ts); defined here, with
 * the set that stores them, so that the store depends on no loader.
 */
import type { MalformedLine } from '../../bytes/lines';

/** A chunk of the body, as received, and the object lines it completes. */
export interface IndexedBlock {
  /** The chunk's bytes; null while the loader defers them (byteDeferral.ts). */
  bytes: Uint8Array | null;
  byteLength: number;
  /** The body offset of the chunk's first byte. */
  offset: number;
  /**
   * The block's ids, one after the other, and where each ends: one string crosses between threads
   * instead of one per object; the page keeps it and cuts an id from it when one is asked for.
   */
  idText: string;
  idEnds: Uint32Array;
  /** Each id's idHash: the page files objects under it. */
  idHashes: Uint32Array;
  /**
   * Body offsets of each object's JSON text, end exclusive. A text that began in an earlier chunk
   * starts before `offset`.
   */
  starts: Float64Array;
  ends: Float64Array;
  /** Each object's `speckle_type`, as a number into the load's type table. */
  types: Uint32Array;
  /** Type names first seen in this block: they take the next numbers of the table, in order. */
  newTypes: string[];
  /** 1 + the number of keys in the root's `__closure`, in the block that holds the root. */
  expected: number | null;
  /** The body offset just past the last good line so far: where a copy of the body ends. */
  goodEnd: number;
  /** The line that stopped the read; the lines before it are good. */
  malformed: MalformedLine | null;
  /** The block's lines whose JSON text is not whole, by their place in the block (lines.ts). */
  damaged: number[];
}
