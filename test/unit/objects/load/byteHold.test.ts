import { describe, expect, it } from 'vitest';
import type { FromLoad } from '../../../../src/objects/load/bodyLoad';
import { holdBytes } from '../../../../src/objects/load/byteHold';
import { answer, BlockIndexer } from '../../../../src/objects/load/indexing';
import type { IndexedBlock } from '../../../../src/objects/set/indexedBlock';

const encoder = new TextEncoder();
const ROOT = 'a'.repeat(32);
const rootLine = `${ROOT}\t{"id":"${ROOT}"}\n`;
const childLine = (n: number) => `${String(n).padStart(32, '0')}\t{"id":"${n}"}\n`;

/**
 * The hold, fed the indexer's replies for `chunks`: what it sent, with each reply's transfer, and
 * what it put in the vault, with how many replies it had sent by then.
 */
function holding(chunks: string[]) {
  const sent: { reply: FromLoad; transfer: ArrayBuffer[] }[] = [];
  const vaulted: { bytes: Uint8Array; afterReplies: number }[] = [];
  const hold = holdBytes(
    (reply, transfer = []) => sent.push({ reply, transfer }),
    (bytes) => vaulted.push({ bytes, afterReplies: sent.length }),
  );
  const indexer = new BlockIndexer();
  const feed = (chunk: string) => {
    const indexed = answer(indexer, { kind: 'chunk', chunk: encoder.encode(chunk) });
    if (indexed) hold.send(indexed.reply, indexed.transfer);
  };
  for (const chunk of chunks) feed(chunk);
  const blocks = () =>
    sent.flatMap(({ reply }) => (reply.kind === 'block' ? [reply.block as IndexedBlock] : []));
  return { sent, vaulted, hold, feed, blocks };
}

const text = (bytes: Uint8Array | null) => (bytes ? new TextDecoder().decode(bytes) : null);

describe('holdBytes', () => {
  it("sends the blocks up to the one that ends the root's line whole, then holds their bytes", () => {
    const half = rootLine.length >> 1;
    const { sent, blocks } = holding([
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
    // The index still goes with each held block, its bytes stay behind.
    const held = sent[2]!;
    expect(held.transfer).toHaveLength(2);
    expect(held.transfer).toContain((held.reply as { block: IndexedBlock }).block.starts.buffer);
  });

  it('puts the held bytes in the vault in order, each before its block is sent', () => {
    const { vaulted } = holding([rootLine, childLine(1), childLine(2)]);

    expect(vaulted.map(({ bytes }) => text(bytes))).toEqual([childLine(1), childLine(2)]);
    expect(vaulted.map(({ afterReplies }) => afterReplies)).toEqual([1, 2]);
  });

  it('says when it is released, and sends every later block whole', () => {
    const { sent, vaulted, hold, feed, blocks } = holding([rootLine, childLine(1)]);

    hold.release();
    feed(childLine(2));

    expect(sent.map(({ reply }) => reply.kind)).toEqual(['block', 'block', 'released', 'block']);
    expect(text(blocks().at(-1)!.bytes)).toBe(childLine(2));
    expect(sent.at(-1)!.transfer).toContain(blocks().at(-1)!.bytes!.buffer);
    expect(vaulted).toHaveLength(1);
  });

  it('passes the opening and the end on as they are', () => {
    const { sent, hold } = holding([]);
    const opened: FromLoad = { kind: 'opened', base: 'https://speckle.example', answered: [] };

    hold.send(opened);
    hold.send({ kind: 'finished', complete: true });

    expect(sent).toEqual([
      { reply: opened, transfer: [] },
      { reply: { kind: 'finished', complete: true }, transfer: [] },
    ]);
  });
});
