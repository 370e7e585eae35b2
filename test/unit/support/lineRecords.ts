import type { LineBlock, LineRecord } from '../../../src/bytes/lines';

const decoder = new TextDecoder();

/** The block's records, each id and text read from where the block says they lie. */
export function recordsOf(block: Pick<LineBlock, 'lines'>): LineRecord[] {
  return block.lines.map(({ idStart, idEnd, start, end, source, sourceOffset }) => ({
    id: decoder.decode(source.subarray(idStart - sourceOffset, idEnd - sourceOffset)),
    raw: decoder.decode(source.subarray(start - sourceOffset, end - sourceOffset)),
  }));
}

/**
 * The text of the body's bytes after `goodEnd` (the end of its last good line): what a cut body
 * holds of the line that never ended, up to a character the cut split. A byte order mark with
 * nothing after it reads as nothing.
 */
export function textAfter(chunks: readonly Uint8Array[], goodEnd: number): string {
  const body = Buffer.concat(chunks);
  return new TextDecoder().decode(body.subarray(goodEnd), { stream: true });
}

const encoder = new TextEncoder();

/**
 * Objects as a server's body of lines (`id`, a tab, the JSON text), and where each text lies in
 * it, as the set's index records them: for readers of a body's spans (the links index, the table).
 */
export function bodyOfLines(objects: readonly { id: string }[]) {
  const lines = objects.map((object) => `${object.id}\t${JSON.stringify(object)}\n`);
  let start = 0;
  const records = objects.map((object, index) => {
    const textStart = start + object.id.length + 1;
    start += encoder.encode(lines[index]!).length;
    return {
      id: object.id,
      start: textStart,
      bytes: encoder.encode(JSON.stringify(object)).length,
    };
  });
  return { body: encoder.encode(lines.join('')), records };
}
