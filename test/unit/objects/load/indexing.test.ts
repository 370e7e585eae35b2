import { describe, expect, it, vi } from 'vitest';
import { ObjectSet } from '../../../../src/objects/set/objectSet';
import { itemsSoFar } from '../../../../src/lib/readonlyList';
import {
  indexerReply,
  BlockIndexer,
  type FromIndexer,
} from '../../../../src/objects/load/indexing';
import type { IndexedBlock } from '../../../../src/objects/set/indexedBlock';

const encoder = new TextEncoder();
const ROOT = 'a'.repeat(32);
const CHILD = 'b'.repeat(32);
const OTHER = 'c'.repeat(32);

const rootText = `{"id":"${ROOT}","@elements":[{"speckle_type":"reference"}],"speckle_type":"Base","__closure":{"${CHILD}":1,"${OTHER}":1}}`;
const childText = `{"id":"${CHILD}","name":"Façade 漢字 😀","speckle_type":"Objects.Geometry.Mesh"}`;
const otherText = `{"id":"${OTHER}","speckle_type":"Objects.Geometry.Mesh"}`;
const body = encoder.encode(
  `${ROOT}\t${rootText}\n${CHILD}\t${childText}\r\n${OTHER}\t${otherText}\n${CHILD}\t${childText}\n`,
);

/** The block's ids, in the order of its lines. */
function idsOf({ idText, idEnds }: IndexedBlock): string[] {
  return [...idEnds].map((end, index) => idText.slice(index === 0 ? 0 : idEnds[index - 1], end));
}

function chunksOf(bytes: Uint8Array, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += size) {
    // Copies, as fetch hands out: each chunk its own buffer, which the channel may transfer.
    chunks.push(bytes.slice(start, start + size));
  }
  return chunks;
}

/** Runs the chunks through the protocol as the worker does, cloning each message as postMessage. */
function indexThroughMessages(chunks: Uint8Array[]): FromIndexer[] {
  const indexer = new BlockIndexer();
  const replies: FromIndexer[] = [];
  for (const chunk of [...chunks.map((c) => ({ kind: 'chunk' as const, chunk: c })), null]) {
    const message = chunk ?? { kind: 'finish' as const };
    const sent = structuredClone(message, {
      transfer: message.kind === 'chunk' ? [message.chunk.buffer] : [],
    });
    const answered = indexerReply(indexer, sent);
    if (answered) replies.push(structuredClone(answered.reply, { transfer: answered.transfer }));
  }
  return replies;
}

function blocksOf(replies: FromIndexer[]): IndexedBlock[] {
  return replies.flatMap((reply) => (reply.kind === 'block' ? [reply.block] : []));
}

describe('the indexing protocol', () => {
  it('answers each chunk that completes lines with a block, and the end with whether it was whole', () => {
    const replies = indexThroughMessages(chunksOf(body, 50));

    expect(replies.at(-1)).toEqual({ kind: 'finished', complete: true });
    expect(replies.slice(0, -1).every((reply) => reply.kind === 'block')).toBe(true);
    const blocks = blocksOf(replies);
    expect(blocks.flatMap(idsOf)).toEqual([ROOT, CHILD, OTHER, CHILD]);
    // Every byte of the body comes back, in order, and nothing else.
    expect(Buffer.concat(blocks.map((block) => block.bytes!)).equals(body)).toBe(true);
  });

  it('transfers the buffers both ways instead of copying them', () => {
    const indexer = new BlockIndexer();
    const chunk = body.slice();
    const answered = indexerReply(indexer, { kind: 'chunk', chunk });

    const block = answered?.reply.kind === 'block' ? answered.reply.block : null;
    const arrays = [
      block?.bytes,
      block?.idEnds,
      block?.idHashes,
      block?.starts,
      block?.ends,
      block?.types,
    ];
    // The per-object numbers share one buffer: one transfer instead of four.
    expect(new Set(arrays.slice(2).map((array) => array?.buffer)).size).toBe(1);
    expect(answered?.transfer).toEqual(arrays.slice(0, 3).map((array) => array?.buffer));
    structuredClone(answered!.reply, { transfer: answered!.transfer });
    // The worker no longer holds the bytes it sent back, nor the block's numbers.
    expect(arrays.map((array) => array?.byteLength)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('answers a chunk inside a line with its bytes and no object, and a cut body as not whole', () => {
    const indexer = new BlockIndexer();
    const cut = body.slice(0, 40);
    const answered = indexerReply(indexer, { kind: 'chunk', chunk: cut });

    expect(answered?.reply.kind === 'block' && answered.reply.block).toMatchObject({
      bytes: cut,
      offset: 0,
      idEnds: new Uint32Array(0),
    });
    expect(indexerReply(indexer, { kind: 'finish' })?.reply).toEqual({
      kind: 'finished',
      complete: false,
    });
  });

  it('sends each type name once, then its number, and the expected count with the root', () => {
    const blocks = blocksOf(indexThroughMessages(chunksOf(body, 30)));
    const table = blocks.flatMap((block) => block.newTypes);

    expect(table).toEqual(['Base', 'Objects.Geometry.Mesh']);
    expect(blocks.flatMap((block) => [...block.types].map((n) => table[n]))).toEqual([
      'Base',
      'Objects.Geometry.Mesh',
      'Objects.Geometry.Mesh',
      'Objects.Geometry.Mesh',
    ]);
    expect(blocks.map((block) => block.expected).filter((n) => n !== null)).toEqual([3]);
  });

  it('keeps ids that are not ASCII, in a block beside ASCII ones', () => {
    const odd = ['façade-1', '漢字😀', 'plain'];
    const bytes = encoder.encode(odd.map((id) => `${id}\t{"speckle_type":"T"}\n`).join(''));
    const [reply] = indexThroughMessages([bytes]);

    expect(reply?.kind === 'block' && idsOf(reply.block)).toEqual(odd);
  });

  it('ends with the good lines of a block that holds a malformed line', () => {
    const bad = encoder.encode(`${ROOT}\t${rootText}\n<html>Bad Gateway</html>\n`);
    const [reply] = indexThroughMessages([bad]);

    expect(reply?.kind === 'block' && idsOf(reply.block)).toEqual([ROOT]);
    expect(reply?.kind === 'block' && reply.block.malformed?.lineNumber).toBe(2);
  });
});

describe('ObjectSet filled from indexed blocks', () => {
  function filled(): ObjectSet {
    const set = new ObjectSet();
    for (const block of blocksOf(indexThroughMessages(chunksOf(body, 64)))) set.appendBlock(block);
    return set;
  }

  it('tells its listeners of the first bytes and of the root in the next task, of the rest a few times a second', () => {
    vi.useFakeTimers();
    try {
      const set = new ObjectSet();
      const seen: number[] = [];
      set.subscribe(() => seen.push(set.getProgress().received));
      const blocks = blocksOf(indexThroughMessages(chunksOf(body, 64)));
      const withRoot = blocks.findIndex((block) => block.starts.length > 0);
      expect(withRoot).toBeGreaterThan(1);
      set.appendBlock(blocks[0]!);
      expect(seen).toEqual([]);
      vi.advanceTimersByTime(0);
      expect(seen).toEqual([0]);
      for (const block of blocks.slice(1, withRoot + 1)) set.appendBlock(block);
      vi.advanceTimersByTime(0);
      expect(seen).toEqual([0, 1]);
      for (const block of blocks.slice(withRoot + 1)) set.appendBlock(block);
      vi.advanceTimersByTime(249);
      expect(seen).toEqual([0, 1]);
      vi.advanceTimersByTime(1);
      expect(seen).toEqual([0, 1, 3]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps as the body the bytes up to the last good line, however the chunks fell', () => {
    const cut = body.subarray(0, body.length - 5);
    for (const size of [1, 7, 64, cut.length]) {
      const set = new ObjectSet();
      for (const block of blocksOf(indexThroughMessages(chunksOf(cut, size)))) {
        set.appendBlock(block);
      }
      const kept = Buffer.concat(set.bodyBytes());
      expect(kept.equals(cut.subarray(0, cut.lastIndexOf(0x0a) + 1))).toBe(true);
      expect([...itemsSoFar(set.records)].map(({ raw }) => raw)).toEqual([
        rootText,
        childText,
        otherText,
      ]);
    }
  });

  it('decodes each object’s text from the stored bytes when asked, exactly as received', () => {
    const set = filled();

    expect(set.raw(ROOT)).toBe(rootText);
    expect(set.raw(CHILD)).toBe(childText);
    expect([...itemsSoFar(set.records)].map(({ raw }) => raw)).toEqual([
      rootText,
      childText,
      otherText,
      childText,
    ]);
    expect(set.raw('d'.repeat(32))).toBeUndefined();
  });

  it('summarises each object once with its type and UTF-8 size, counting repeats apart', () => {
    const set = filled();

    expect([...itemsSoFar(set.summaries)]).toEqual([
      expect.objectContaining({ id: ROOT, speckleType: 'Base', bytes: rootText.length }),
      expect.objectContaining({
        id: CHILD,
        speckleType: 'Objects.Geometry.Mesh',
        bytes: encoder.encode(childText).length,
      }),
      expect.objectContaining({ id: OTHER, bytes: otherText.length }),
    ]);
    expect(set.getProgress()).toMatchObject({
      received: 3,
      expected: 3,
      duplicates: 1,
      bytes: body.length,
    });
    expect(set.rootId).toBe(ROOT);
  });

  it('finds every object by id when far more arrive than the root announced, repeats apart', () => {
    // Ids that differ in their last character only, and a root whose closure lists just one.
    const ids = Array.from({ length: 3000 }, (_, index) => index.toString(16).padStart(32, '0'));
    const lines = ids.map((id, index) =>
      index === 0
        ? `${id}\t{"id":"${id}","__closure":{"${ids[1]}":1},"speckle_type":"Base"}\n`
        : `${id}\t{"id":"${id}","speckle_type":"T${index % 3}"}\n`,
    );
    const set = new ObjectSet();
    const repeated = [...lines, lines[1500]!, lines[2]!].join('');
    for (const block of blocksOf(indexThroughMessages(chunksOf(encoder.encode(repeated), 4096)))) {
      set.appendBlock(block);
    }

    expect(set.getProgress()).toMatchObject({ received: 3000, expected: 2, duplicates: 2 });
    expect(set.rootId).toBe(ids[0]);
    expect(ids.every((id) => set.has(id))).toBe(true);
    expect(set.raw(ids[2999]!)).toBe(`{"id":"${ids[2999]}","speckle_type":"T2"}`);
    expect(set.summary(ids[1500]!)).toMatchObject({ id: ids[1500], speckleType: 'T0' });
    expect(set.has('f'.repeat(32))).toBe(false);
    expect(set.summaries.at(2999)?.id).toBe(ids[2999]);
    expect(set.summaries.at(3000)).toBeUndefined();
    expect(set.records.length).toBe(3002);
    expect([set.records.at(3000)?.id, set.records.at(3001)?.id]).toEqual([ids[1500], ids[2]]);
  });

  it('counts and marks the objects whose text is not whole, keeping their bytes as received', () => {
    const cutText = otherText.slice(0, 30);
    const damagedBody = `${ROOT}\t${rootText}\n${CHILD}\t${childText}\n${OTHER}\t${cutText}\n${CHILD}\t${cutText}\n`;
    const bytes = encoder.encode(damagedBody);
    const set = new ObjectSet();
    for (const block of blocksOf(indexThroughMessages(chunksOf(bytes, 16)))) set.appendBlock(block);

    // The cut repeat of CHILD leaves CHILD as its first copy read: one object is damaged.
    expect(set.getProgress()).toMatchObject({ received: 3, duplicates: 1, damaged: 1 });
    expect([...itemsSoFar(set.summaries)].map(({ id, damaged }) => [id, damaged])).toEqual([
      [ROOT, false],
      [CHILD, false],
      [OTHER, true],
    ]);
    expect(set.records.at(3)?.damaged).toBe(true);
    expect(set.raw(OTHER)).toBe(cutText);
    expect(new TextDecoder().decode(concatenated(set.bodyBytes()))).toBe(damagedBody);
  });
});

function concatenated(parts: readonly Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    joined.set(part, at);
    at += part.length;
  }
  return joined;
}
