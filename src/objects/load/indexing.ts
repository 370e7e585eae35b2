/**
 * Indexing a with-children body, and the messages that carry it between the page and the indexing
 * worker. Pure: the worker (indexWorker.ts) and the in-page fallback (no Worker: jsdom, node) both
 * run `indexerReply`, so the two paths are one code.
 *
 * Structured cloning costs about as much as parsing, so little crosses: each block's bytes are
 * transferred (not copied), and beside them go only ids, offsets and type numbers. Type names are
 * few; each is sent once and referred to by number.
 */
import type { IndexedBlock } from '../set/indexedBlock';
import {
  LineSplitter,
  type BodyCeilings,
  type CeilingName,
  type LineBlock,
  type SplitLine,
} from '../../bytes/lines';
import { idHash, HASH_SEED, nextHash } from '../../bytes/idHash';
import {
  countTopLevelClosure,
  readTopLevelType,
  topLevelTypeSpan,
} from '../../bytes/topLevelFields';
import { decodeSpan } from '../../bytes/utf8Text';
import { TypeNumbers } from './typeNumbers';

/** A block as the indexer makes it: its bytes with it. */
type WholeBlock = IndexedBlock & { bytes: Uint8Array };

type ToIndexer = { kind: 'chunk'; chunk: Uint8Array } | { kind: 'finish' };

export type FromIndexer =
  | { kind: 'block'; block: IndexedBlock }
  /** Every later block comes with its bytes; those sent without went to the vault (byteDeferral.ts). */
  | { kind: 'released' }
  /**
   * The body ended: complete when its last line ended too; `broken` says why the read failed, when
   * it did, and `ceiling` which of the load's ceilings stopped it.
   */
  | { kind: 'finished'; complete: boolean; broken?: string; ceiling?: CeilingName };

/**
 * Indexes a body's chunks as they come. A class, not closures, as `LineSplitter` is: a load's
 * indexer runs the code the warm-up had V8 optimise (warmUp.ts).
 */
export class BlockIndexer {
  private readonly lines = new LineSplitter();
  private readonly typeNumbers = new TypeNumbers();
  private first = true;

  /** From now on, stops reading at the first of `ceilings` the body passes. */
  limit(ceilings: BodyCeilings): void {
    this.lines.limit(ceilings);
  }

  /** The ceiling that stopped the read, if one did. */
  get stoppedAt(): CeilingName | null {
    return this.lines.stoppedAt;
  }

  /** Splits the chunk and indexes the lines it completes; null once the read has stopped. */
  push(chunk: Uint8Array): WholeBlock | null {
    const split = this.lines.push(chunk);
    return split && this.index(split);
  }

  /** Indexes lines already split. */
  index(split: LineBlock): WholeBlock {
    const { bytes, offset, lines, goodEnd, malformed, damaged } = split;
    const columns = indexColumns(lines.length);
    const block: WholeBlock = {
      bytes,
      byteLength: bytes.length,
      offset,
      ...indexIds(lines, columns.idHashes),
      ...columns,
      newTypes: [],
      expected: null,
      goodEnd,
      malformed,
      damaged,
    };
    const onNewType = (name: string) => block.newTypes.push(name);
    for (let at = 0; at < lines.length; at += 1) {
      const { start, end, source, sourceOffset } = lines[at]!;
      const from = start - sourceOffset;
      const to = end - sourceOffset;
      if (this.first) {
        // The root comes first; its closure says how many objects to expect.
        block.expected = 1 + countTopLevelClosure(source.subarray(from, to));
        this.first = false;
      }
      const span = topLevelTypeSpan(source, from, to);
      block.types[at] = span
        ? this.typeNumbers.ofBytes(source, span.from, span.to, onNewType)
        : this.typeNumbers.ofName(readTopLevelType(source.subarray(from, to)), onNewType);
      block.starts[at] = start;
      block.ends[at] = end;
    }
    return block;
  }

  finish(): { complete: boolean; ceiling?: CeilingName } {
    const { complete } = this.lines.finish();
    const ceiling = this.lines.stoppedAt;
    return ceiling ? { complete, ceiling } : { complete };
  }
}

/**
 * The block's per-object numbers, in one buffer: each buffer crossing between threads costs an
 * allocation, a transfer and a wrapping on the page, whatever its length.
 */
function indexColumns(count: number): Pick<IndexedBlock, 'starts' | 'ends' | 'idHashes' | 'types'> {
  // The 8-byte columns first, so that every column is aligned.
  const buffer = new ArrayBuffer(count * 24);
  return {
    starts: new Float64Array(buffer, 0, count),
    ends: new Float64Array(buffer, count * 8, count),
    idHashes: new Uint32Array(buffer, count * 16, count),
    types: new Uint32Array(buffer, count * 20, count),
  };
}

/**
 * The lines' ids as one text and where each ends in it, with each one's idHash written into
 * `idHashes`: their bytes gathered and decoded at once, which is much cheaper than a decode per
 * id, and hashed on the way. Ids are ASCII in practice, so the text's offsets are the bytes' and a
 * byte's hash is its character's; any other id is decoded on its own.
 */
function indexIds(
  lines: readonly SplitLine[],
  idHashes: Uint32Array,
): Pick<IndexedBlock, 'idText' | 'idEnds'> {
  let length = 0;
  for (const { idStart, idEnd } of lines) length += idEnd - idStart;
  const gathered = new Uint8Array(length);
  const idEnds = new Uint32Array(lines.length);
  let at = 0;
  let nonAscii = 0;
  for (let index = 0; index < lines.length; index += 1) {
    const { idStart, idEnd, source, sourceOffset } = lines[index]!;
    let hash = HASH_SEED;
    for (let from = idStart - sourceOffset; from < idEnd - sourceOffset; from += 1) {
      const byte = source[from]!;
      nonAscii |= byte & 0x80;
      hash = nextHash(hash, byte);
      gathered[at] = byte;
      at += 1;
    }
    idEnds[index] = at;
    idHashes[index] = hash >>> 0;
  }
  if (nonAscii === 0) return { idText: decodeSpan(gathered, 0, length), idEnds };
  const ids = lines.map(({ idStart, idEnd, source, sourceOffset }) =>
    decodeSpan(source, idStart - sourceOffset, idEnd - sourceOffset),
  );
  let end = 0;
  for (const [index, id] of ids.entries()) {
    idEnds[index] = end += id.length;
    idHashes[index] = idHash(id);
  }
  return { idText: ids.join(''), idEnds };
}

/** What the indexer sends back for one message, with the buffers to transfer rather than copy. */
export function indexerReply(
  indexer: BlockIndexer,
  message: ToIndexer,
): { reply: FromIndexer; transfer: ArrayBuffer[] } | null {
  if (message.kind === 'finish') {
    return { reply: { kind: 'finished', ...indexer.finish() }, transfer: [] };
  }
  const block = indexer.push(message.chunk);
  return block && blockReply(block);
}

/** A block as a reply, with its buffers to transfer. */
export function blockReply(block: WholeBlock): { reply: FromIndexer; transfer: ArrayBuffer[] } {
  const { bytes, idEnds, starts } = block;
  // The other columns share the starts' buffer (indexColumns).
  const transfer = [bytes, idEnds, starts].map(({ buffer }) => buffer as ArrayBuffer);
  return { reply: { kind: 'block', block }, transfer };
}
