import { describe, expect, it } from 'vitest';
import type { FromLoad } from '../../src/workers/bodyLoad';
import { holdBytes } from '../../src/workers/byteHold';
import { answer, createBlockIndexer, type IndexedBlock } from '../../src/workers/indexing';

const encoder = new TextEncoder();
const ROOT = 'a'.repeat(32);
const rootLine = `${ROOT}\t{"id":"${ROOT}"}\n`;
const childLine = (n: number) => `${String(n).padStart(32, '0')}\t{"id":"${n}"}\n`;

/** The hold, fed the indexer's replies for `chunks`; what it sent, with each reply's transfer. */
function holding(chunks: string[]) {
  const sent: { reply: FromLoad; transfer: ArrayBuffer[] }[] = [];
  const hold = holdBytes((reply, transfer = []) => sent.push({ reply, transfer }));
  const indexer = createBlockIndexer();
  const feed = (chunk: string) => {
    const indexed = answer(indexer, { kind: 'chunk', chunk: encoder.encode(chunk) });
    if (indexed) hold.send(indexed.reply, indexed.transfer);
  };
  for (const chunk of chunks) feed(chunk);
  const blocks = () =>
    sent.flatMap(({ reply }) => (reply.kind === 'block' ? [reply.block as IndexedBlock] : []));
  return { sent, hold, feed, blocks };
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
    expect(held.transfer).toHaveLength(5);
    expect(held.transfer).toContain((held.reply as { block: IndexedBlock }).block.starts.buffer);
  });

  it('sends the held bytes in order, transferred, when released, and every later block whole', () => {
    const { sent, hold, feed, blocks } = holding([rootLine, childLine(1), childLine(2)]);

    hold.release();
    feed(childLine(3));

    const bytes = sent[3]!;
    expect(bytes.reply.kind).toBe('bytes');
    const { parts } = bytes.reply as { parts: Uint8Array[] };
    expect(parts.map(text)).toEqual([childLine(1), childLine(2)]);
    expect(bytes.transfer).toEqual(parts.map(({ buffer }) => buffer));
    expect(text(blocks().at(-1)!.bytes)).toBe(childLine(3));
  });

  it('answers every release, with no parts when nothing is held', () => {
    const { sent, hold } = holding([rootLine]);

    hold.release();
    hold.release();

    expect(sent.slice(1).map(({ reply }) => reply)).toEqual([
      { kind: 'bytes', parts: [] },
      { kind: 'bytes', parts: [] },
    ]);
  });

  it('sends the held bytes before the end of the load', () => {
    const { sent, hold } = holding([rootLine, childLine(1)]);

    hold.send({ kind: 'finished', complete: true });

    expect(sent.map(({ reply }) => reply.kind)).toEqual(['block', 'block', 'bytes', 'finished']);
    expect(text((sent[2]!.reply as { parts: Uint8Array[] }).parts[0]!)).toBe(childLine(1));
  });

  it('passes the opening and a refusal on as they are', () => {
    const { sent, hold } = holding([]);
    const opened: FromLoad = { kind: 'opened', base: 'https://speckle.example', answered: [] };

    hold.send(opened);

    expect(sent).toEqual([{ reply: opened, transfer: [] }]);
  });
});
