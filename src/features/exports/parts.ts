/**
 * Export files are produced as a sequence of string parts rather than one string: V8 refuses
 * strings over about 512 MB, and a whole model is bigger. Producers gather small pieces into parts
 * of about PART_CHARS; a single piece far longer than that (a multi-megabyte string value) is
 * passed on in slices.
 */

/** About 1 MB of mostly ASCII text per part. */
export const PART_CHARS = 1 << 20;

/**
 * Bytes per part when a body is written as received: a body can arrive in a few chunks of
 * megabytes or in thousands of small ones, and the file's progress should move in steady steps
 * either way.
 */
export const PART_BYTES = 1 << 18;

/** The blocks as views of at most `limit` bytes each, in order: nothing is copied. */
export function* byteSlices(
  blocks: Iterable<Uint8Array>,
  limit = PART_BYTES,
): Generator<Uint8Array> {
  for (const block of blocks) {
    if (block.length <= limit) yield block;
    else
      for (let from = 0; from < block.length; from += limit) {
        yield block.subarray(from, from + limit);
      }
  }
}

/** The blocks of a stream (a body read from disk) as byteSlices makes them. */
export async function* streamSlices(blocks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  for await (const block of blocks) yield* byteSlices([block]);
}

/**
 * Parts, produced now or as they become ready: text, or bytes already UTF-8 (a with-children body
 * as received), which are written as they are.
 */
export type TextParts = Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array>;

/**
 * Gathers pieces until they make a part. Concatenation rather than an array joined later: V8 links
 * the pieces without copying until the part is used, about twice as fast for many small tokens.
 */
export class PartBuffer {
  private text = '';
  private readonly limit: number;

  constructor(limit = PART_CHARS) {
    this.limit = limit;
  }

  push(piece: string): void {
    this.text += piece;
  }

  /** The gathered pieces make a whole part. */
  get isFull(): boolean {
    return this.text.length >= this.limit;
  }

  get isEmpty(): boolean {
    return this.text.length === 0;
  }

  /** The gathered text as one part, or in slices when one piece made it far too long. */
  take(): Iterable<string> {
    const part = this.text;
    this.text = '';
    return part.length > 2 * this.limit ? textSlices(part, this.limit) : [part];
  }
}

/**
 * The text in slices of at most `limit` characters, never between the two halves of a surrogate
 * pair (each half on its own would be written as U+FFFD).
 */
function* textSlices(text: string, limit = PART_CHARS): Generator<string> {
  const end = text.length;
  let from = 0;
  while (from < end) {
    let to = Math.min(end, from + limit);
    if (to < end && isHighSurrogate(text.charCodeAt(to - 1)) && to - 1 > from) to -= 1;
    yield text.slice(from, to);
    from = to;
  }
}

/**
 * The parts joined into one string, or null as soon as they pass `limit` characters: for a copy to
 * the clipboard, which takes one string, of a value whose size shows only in the writing.
 */
export function joinWithin(parts: Iterable<string>, limit: number): string | null {
  let text = '';
  for (const part of parts) {
    if (text.length + part.length > limit) return null;
    text += part;
  }
  return text;
}

export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
