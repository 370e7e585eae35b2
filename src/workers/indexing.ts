/**
 * Indexing a with-children body, and the messages that carry it between the page and the indexing
 * worker. Pure: the worker (indexWorker.ts) and the in-page fallback (no Worker: jsdom, node) both
 * run `answer`, so the two paths are one code.
 *
 * Structured cloning costs about as much as parsing, so little crosses: each block's bytes are
 * transferred (not copied), and beside them go only ids, offsets and type numbers. Type names are
 * few; each is sent once and referred to by number.
 */
import { createLineSplitter, type LineBlock, type MalformedLine } from '../api/lines';
import { countTopLevelClosure, readTopLevelType } from '../speckle/topLevelFields';

/** Whole lines of the body, as received, and where each object's text lies in them. */
export interface IndexedBlock {
  bytes: Uint8Array;
  ids: string[];
  /** Byte offsets of each object's JSON text in `bytes`, end exclusive. */
  starts: Uint32Array;
  ends: Uint32Array;
  /** Each object's `speckle_type`, as a number into the load's type table. */
  types: Uint32Array;
  /** Type names first seen in this block: they take the next numbers of the table, in order. */
  newTypes: string[];
  /** 1 + the number of keys in the root's `__closure`, in the block that holds the root. */
  expected: number | null;
  /** The line that stopped the read; the block holds the good lines before it. */
  malformed: MalformedLine | null;
}

export type ToIndexer = { kind: 'chunk'; chunk: Uint8Array } | { kind: 'finish' };

export type FromIndexer =
  | { kind: 'block'; block: IndexedBlock }
  /** The body ended: complete when its last line ended too. */
  | { kind: 'finished'; complete: boolean };

export interface BlockIndexer {
  /** Splits the chunk and indexes the lines it completes; null when it completes none. */
  push(chunk: Uint8Array): IndexedBlock | null;
  /** Indexes lines already split. */
  index(split: LineBlock): IndexedBlock;
  finish(): { complete: boolean };
}

export function createBlockIndexer(): BlockIndexer {
  const lines = createLineSplitter();
  const typeNumbers = new Map<string, number>();
  let first = true;

  function index(split: LineBlock): IndexedBlock {
    const count = split.lines.length;
    const block: IndexedBlock = {
      bytes: split.bytes,
      ids: new Array<string>(count),
      starts: new Uint32Array(count),
      ends: new Uint32Array(count),
      types: new Uint32Array(count),
      newTypes: [],
      expected: null,
      malformed: split.malformed,
    };
    for (const [at, { id, start, end }] of split.lines.entries()) {
      const text = split.bytes.subarray(start, end);
      if (first) {
        // The root comes first; its closure says how many objects to expect.
        block.expected = 1 + countTopLevelClosure(text);
        first = false;
      }
      const type = readTopLevelType(text);
      let number = typeNumbers.get(type);
      if (number === undefined) {
        number = typeNumbers.size;
        typeNumbers.set(type, number);
        block.newTypes.push(type);
      }
      block.ids[at] = id;
      block.starts[at] = start;
      block.ends[at] = end;
      block.types[at] = number;
    }
    return block;
  }

  return {
    push(chunk) {
      const split = lines.push(chunk);
      return split && index(split);
    },
    index,
    finish: () => ({ complete: lines.finish().complete }),
  };
}

/** What the indexer sends back for one message, with the buffers to transfer rather than copy. */
export function answer(
  indexer: BlockIndexer,
  message: ToIndexer,
): { reply: FromIndexer; transfer: ArrayBuffer[] } | null {
  if (message.kind === 'finish') {
    return { reply: { kind: 'finished', ...indexer.finish() }, transfer: [] };
  }
  const block = indexer.push(message.chunk);
  if (!block) return null;
  return { reply: { kind: 'block', block }, transfer: [block.bytes.buffer as ArrayBuffer] };
}
