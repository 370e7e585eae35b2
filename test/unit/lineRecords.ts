import type { LineBlock, LineRecord } from '../../src/api/lines';

const decoder = new TextDecoder();

/** The block's records, each id and text read from where the block says they lie. */
export function recordsOf(block: LineBlock): LineRecord[] {
  return block.lines.map(({ lineStart, start, end }) => ({
    id: decoder.decode(block.bytes.subarray(lineStart, start - 1)),
    raw: decoder.decode(block.bytes.subarray(start, end)),
  }));
}
