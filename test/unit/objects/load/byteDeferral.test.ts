import { describe, expect, it } from 'vitest';
import type { FromLoad } from '../../../../src/objects/load/bodyLoad';
import { deferBytes } from '../../../../src/objects/load/byteDeferral';
import { indexerReply, BlockIndexer } from '../../../../src/objects/load/indexing';
import type { IndexedBlock } from '../../../../src/objects/set/indexedBlock';

const encoder = new TextEncoder();
const ROOT = 'a'.repeat(32);
const rootLine = `${ROOT}\t{"id":"${ROOT}"}\n`;
const childLine = (n: number) => `${String(n).padStart(32, '0')}\t{"id":"${n}"}\n`;

/**
 * The deferral, fed the indexer's replies for `chunks`: what it sent, with each reply's transfer, and
 * what it put in the vault, with how many replies it had sent by then.
 */
function deferring(chunks: string[]) {
  const sent: { reply: FromLoad; transfer: ArrayBuffer[] }[] = [];
  const vaulted: { bytes: Uint8Array; afterReplies: number }[] = [];
  const deferral = deferBytes(
    (reply, transfer = []) => sent.push({ reply, transfer }),
    (bytes) => vaulted.push({ bytes, afterReplies: sent.length }),
  );
  const indexer = new BlockIndexer();
  const feed = (chunk: string) => {
    const indexed = indexerReply(indexer, { kind: 'chunk', chunk: encoder.encode(chunk) });
    if (indexed) deferral.send(indexed.reply, indexed.transfer);
  };
  for (const chunk of chunks) feed(chunk);
  const blocks = () =>
    sent.flatMap(({ reply }) => (reply.kind === 'block' ? [reply.block as IndexedBlock] : []));
  return { sent, vaulted, deferral, feed, blocks };
}

const text = (bytes: Uint8Array | null) => (bytes ? new TextDecoder().decode(bytes) : null);

describe('deferBytes', () => {
  it("sends the blocks up to the one that ends the root's line whole, then defers their bytes", () => {
    const half = rootLine.length >> 1;
    const { sent, blocks } = deferring([
      rootLine.slice(0, half),
      rootLine.slice(half) + childLine(1).slice(0, 10),
      childLine(1).slice(10),
      childLine(2),
    ]);

    expect(blocks().map(({ bytes }) => text(bytes))).toEqual([
      rootLine.slice(0, half),
      rootLine.slice(half) + childLine(1).slice(0, 10),
      null,
      null,
    ]);
    expect(blocks().map(({ byteLength }) => byteLength)).toEqual([
      half,
      rootLine.length - half + 10,
      childLine(1).length - 10,
      childLine(2).length,
    ]);
    // The index still goes with each deferred block, its bytes stay behind.
    const deferred = sent[2]!;
    expect(deferred.transfer).toHaveLength(2);
    expect(deferred.transfer).toContain(
      (deferred.reply as { block: IndexedBlock }).block.starts.buffer,
    );
  });

  it('puts the deferred bytes in the vault in order, each before its block is sent', () => {
    const { vaulted } = deferring([rootLine, childLine(1), childLine(2)]);

    expect(vaulted.map(({ bytes }) => text(bytes))).toEqual([childLine(1), childLine(2)]);
    expect(vaulted.map(({ afterReplies }) => afterReplies)).toEqual([1, 2]);
  });

  it('says when it is released, and sends every later block whole', () => {
    const { sent, vaulted, deferral, feed, blocks } = deferring([rootLine, childLine(1)]);

    deferral.release();
    feed(childLine(2));

    expect(sent.map(({ reply }) => reply.kind)).toEqual(['block', 'block', 'released', 'block']);
    expect(text(blocks().at(-1)!.bytes)).toBe(childLine(2));
    expect(sent.at(-1)!.transfer).toContain(blocks().at(-1)!.bytes!.buffer);
    expect(vaulted).toHaveLength(1);
  });

  it('passes the opening and the end on as they are', () => {
    const { sent, deferral } = deferring([]);
    const opened: FromLoad = { kind: 'opened', base: 'https://speckle.example', answered: [] };

    deferral.send(opened);
    deferral.send({ kind: 'finished', complete: true });

    expect(sent).toEqual([
      { reply: opened, transfer: [] },
      { reply: { kind: 'finished', complete: true }, transfer: [] },
    ]);
  });
});
