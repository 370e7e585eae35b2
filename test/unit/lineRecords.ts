import type { LineBlock, LineRecord } from '../../src/api/lines';

const decoder = new TextDecoder();

/** The block's records, each id and text read from where the block says they lie. */
export function recordsOf(block: LineBlock): LineRecord[] {
  return block.lines.map(({ lineStart, start, end, source, sourceOffset }) => ({
    id: decoder.decode(source.subarray(lineStart - sourceOffset, start - 1 - sourceOffset)),
    raw: decoder.decode(source.subarray(start - sourceOffset, end - sourceOffset)),
  }));
}
