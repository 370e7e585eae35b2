/**
 * Where the received set keeps its bytes: the body as it arrived, and the records views read an
 * object's text through, decoded from those bytes when asked for.
 */
import type { LineRecord } from '../bytes/lines';
import { decodeSpan } from '../bytes/utf8Text';
import { isTextTooLarge, TextTooLargeError } from '../speckle/textLimit';

export interface ObjectSummary {
  id: string;
  speckleType: string;
  /** Size of the object's text in UTF-8 bytes. */
  bytes: number;
  /** True when its text arrived cut short or garbled: kept as received, but not valid JSON. */
  damaged?: boolean;
}

/**
 * The body as received, chunk by chunk, with the body offset of each chunk's first byte. The loader
 * may hold the bytes of the last chunks back (loader/byteHold.ts): those chunks are null here
 * until it sends them, always the last ones, as it sends them in order.
 */
export class Body {
  readonly blocks: (Uint8Array | null)[] = [];
  readonly offsets: number[] = [];
  /** The body offset where the held bytes begin; the end of the body when none are held. */
  readableEnd = 0;

  append(block: Uint8Array | null, offset: number, length: number): void {
    this.blocks.push(block);
    this.offsets.push(offset);
    if (block && this.readableEnd === offset) this.readableEnd = offset + length;
  }

  /** Takes the held blocks' bytes, in order. */
  fill(parts: readonly Uint8Array[]): void {
    const first = this.blocks.indexOf(null);
    const held = first === -1 ? 0 : this.blocks.length - first;
    if (parts.length !== held) {
      throw new Error(`The loader sent the bytes of ${parts.length} held blocks, not ${held}.`);
    }
    for (const [index, part] of parts.entries()) {
      this.blocks[first + index] = part;
      this.readableEnd = this.offsets[first + index]! + part.length;
    }
  }

  /**
   * The bytes from body offset `start` on: a view into their block, or for the few that span
   * blocks (one line per chunk of the body, at most) a copy joined from them. Null while any of
   * them is held.
   */
  slice(start: number, length: number): Uint8Array | null {
    if (start + length > this.readableEnd) return null;
    let index = lastAtOrBefore(this.offsets, start);
    const first = this.blocks[index]!;
    const from = start - this.offsets[index]!;
    if (from + length <= first.length) return first.subarray(from, from + length);
    const joined = new Uint8Array(length);
    joined.set(first.subarray(from));
    for (let at = first.length - from; at < length;) {
      index += 1;
      const piece = this.blocks[index]!.subarray(0, length - at);
      joined.set(piece, at);
      at += piece.length;
    }
    return joined;
  }
}

/**
 * One received line as views read it: an object's summary, and its text read from the bytes on
 * demand. Made when asked for (the set keeps its lines as columns, not as objects). `raw` is a
 * getter on the prototype, so spreading the object (`{...record}`) leaves the text out; the body
 * comes from the prototype of the set's own subclass (storedObjectClass).
 */
export abstract class StoredObject implements ObjectSummary, LineRecord {
  constructor(
    readonly id: string,
    readonly speckleType: string,
    /** The text's size in UTF-8 bytes. */
    readonly bytes: number,
    /** The body offset of the text's first byte. */
    private readonly start: number,
    readonly damaged: boolean,
  ) {}

  protected abstract get body(): Body;

  /**
   * The text's UTF-8 bytes, as received (see Body.slice). Readers of every record wait for
   * `ObjectSet.wantBytes` first: a text still held cannot be read.
   */
  get encoded(): Uint8Array {
    const bytes = this.body.slice(this.start, this.bytes);
    if (!bytes) throw new Error(`The text of ${this.id} has not reached the page yet.`);
    return bytes;
  }

  /** Throws TextTooLargeError, without decoding, for a text over MAX_TEXT_BYTES. */
  get raw(): string {
    if (isTextTooLarge(this.bytes)) throw new TextTooLargeError(this.id, this.bytes);
    const { encoded } = this;
    return decodeSpan(encoded, 0, encoded.length);
  }
}

export function storedObjectClass(body: Body) {
  return class extends StoredObject {
    protected get body(): Body {
      return body;
    }
  };
}

/** The index of the last of the ascending `values` at or before `value` (0 when none is). */
export function lastAtOrBefore(values: readonly number[], value: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (values[middle]! <= value) low = middle;
    else high = middle - 1;
  }
  return low;
}
