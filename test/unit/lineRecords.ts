import type { LineBlock, LineRecord } from '../../src/api/lines';

const decoder = new TextDecoder();

/** The block's records, each object's text read from where the block says it lies. */
export function recordsOf(block: LineBlock): LineRecord[] {
  return block.lines.map(({ id, start, end }) => ({
    id,
    raw: decoder.decode(block.bytes.subarray(start, end)),
  }));
}
