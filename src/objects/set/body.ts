/**
 * Where the received set keeps its bytes: the body as it arrived, and the records views read an
 * object's text through, decoded from those bytes when asked for.
 */
import type { LineRecord } from '../../bytes/lines';
import { decodeSpan } from '../../bytes/utf8Text';
import { isTextTooLarge, TextTooLargeError } from '../../speckle/textLimit';
import { copyRange, lastAtOrBefore, type ByteSource } from './byteStore';

export interface ObjectSummary {
  id: string;
  speckleType: string;
  /** Size of the object's text in UTF-8 bytes. */
  bytes: number;
  /** True when its text arrived cut short or garbled: kept as received, but not valid JSON. */
  damaged?: boolean;
}

/**
 * Texts read back from a store are kept while they are among the latest read and together under
 * this size: the shown object and those just before it, read again as the view draws them.
 */
const READ_BACK_BYTES = 64 * 1024 * 1024;

/**
 * The body as received, chunk by chunk, with the body offset of each chunk's first byte. The loader
 * may defer the bytes of the last chunks (objects/load/byteDeferral.ts): those chunks are null here
 * until it sends them, always the last ones, as it sends them in order. Or, for a body too big for
 * the page, it spills them to a byte store (objects/set/byteStore.ts), and an opened file's stay in the
 * file (objects/files/fileSource.ts): they are read back from there.
 */
export class Body {
  readonly blocks: (Uint8Array | null)[] = [];
  readonly offsets: number[] = [];
  /** The body offset where the deferred bytes begin; the end of the body when none are deferred. */
  readableEnd = 0;
  /** Where the bytes from body offset `from` on are, once spilled: at `offset - from` there. */
  private spill: { store: ByteSource; from: number } | null = null;
  /** The body offset past the last byte kept: the end, unless the store stopped keeping them. */
  keptEnd = Infinity;
  /** Texts read back from the spill, by body offset, the least recently read first. */
  private readonly readBackTexts = new Map<number, Uint8Array>();
  private readBackBytes = 0;
  /** Texts being read back, by body offset. */
  private readonly readingBack = new Map<number, Promise<void>>();

  /** A body of one span of bytes from body offset `from` on: all that is read from it. */
  static span(bytes: Uint8Array, from: number): Body {
    const body = new Body();
    body.blocks.push(bytes);
    body.offsets.push(from);
    body.readableEnd = from + bytes.length;
    return body;
  }

  get store(): ByteSource | null {
    return this.spill?.store ?? null;
  }

  /** The body offset of the spill's first byte; null when nothing spilled. */
  get spilledFrom(): number | null {
    return this.spill?.from ?? null;
  }

  /** The chunks in the page up to body offset `end`, the last one cut there. */
  bytesBefore(end: number): Uint8Array[] {
    const parts: Uint8Array[] = [];
    for (const [index, block] of this.blocks.entries()) {
      if (!block) break;
      const length = Math.min(block.length, end - this.offsets[index]!);
      if (length <= 0) break;
      parts.push(length === block.length ? block : block.subarray(0, length));
    }
    return parts;
  }

  append(block: Uint8Array | null, offset: number, length: number): void {
    this.blocks.push(block);
    this.offsets.push(offset);
    if (block && this.readableEnd === offset) this.readableEnd = offset + length;
  }

  /** Takes the deferred blocks' bytes, in order. */
  fill(parts: readonly Uint8Array[]): void {
    const first = this.blocks.indexOf(null);
    const deferred = first === -1 ? 0 : this.blocks.length - first;
    if (parts.length !== deferred) {
      throw new Error(
        `The loader sent the bytes of ${parts.length} deferred blocks, not ${deferred}.`,
      );
    }
    for (const [index, part] of parts.entries()) {
      this.blocks[first + index] = part;
      this.readableEnd = this.offsets[first + index]! + part.length;
    }
  }

  /** The deferred bytes, and every later block's, go to `store`, first byte first. */
  spillTo(store: ByteSource): void {
    this.spill = { store, from: this.readableEnd };
  }

  /**
   * The store kept only its first `storedBytes` (the browser's storage filled): the bytes past
   * them are not read. Returns the body offset past the last byte kept.
   */
  keepStoredOnly(storedBytes: number): number {
    this.keptEnd = (this.spill?.from ?? this.readableEnd) + storedBytes;
    return this.keptEnd;
  }

  /** Whether `slice` has these bytes now. */
  canSlice(start: number, length: number): boolean {
    return start + length <= this.readableEnd || this.readBackTexts.get(start)?.length === length;
  }

  /**
   * The bytes from body offset `start` on: a view into their block, or for the few that span
   * blocks (one line per chunk of the body, at most) a copy joined from them; a text read back
   * from the spill (readBack). Null while any of them is deferred.
   */
  slice(start: number, length: number): Uint8Array | null {
    if (start + length > this.readableEnd) {
      const read = this.readBackTexts.get(start);
      return read?.length === length ? read : null;
    }
    const index = lastAtOrBefore(this.offsets, start);
    const first = this.blocks[index]!;
    const from = start - this.offsets[index]!;
    if (from + length <= first.length) return first.subarray(from, from + length);
    return copyRange(this.blocks, this.offsets, start, length);
  }

  /**
   * The bytes from body offset `start` on as views into the blocks they lie in, none copied: a
   * text of tens of MB (a million-object root) spans many blocks. Null as `slice` says.
   */
  pieces(start: number, length: number): Uint8Array[] | null {
    if (start + length > this.readableEnd) {
      const read = this.slice(start, length);
      return read && [read];
    }
    const pieces: Uint8Array[] = [];
    for (let at = start, index = lastAtOrBefore(this.offsets, start); at < start + length;) {
      const from = at - this.offsets[index]!;
      const piece = this.blocks[index]!.subarray(from, from + start + length - at);
      pieces.push(piece);
      at += piece.length;
      index += 1;
    }
    return pieces;
  }

  /**
   * Reads a spilled text back, so that `slice` has it while it is among the latest read. A text
   * asked for again while it is being read (at the click that opens it, then by the view) is read
   * once.
   */
  readBack(start: number, length: number): Promise<void> {
    let reading = this.readingBack.get(start);
    if (!reading) {
      reading = this.keepReadBack(start, length).finally(() => this.readingBack.delete(start));
      this.readingBack.set(start, reading);
    }
    return reading;
  }

  private async keepReadBack(start: number, length: number): Promise<void> {
    const bytes = await this.read(start, length);
    this.readBackBytes += length - (this.readBackTexts.get(start)?.length ?? 0);
    this.readBackTexts.delete(start);
    this.readBackTexts.set(start, bytes);
    for (const [offset, old] of this.readBackTexts) {
      if (this.readBackBytes <= READ_BACK_BYTES || old === bytes) break;
      this.readBackTexts.delete(offset);
      this.readBackBytes -= old.length;
    }
  }

  /** The bytes from body offset `start`, wherever they are: in the page or in the spill. */
  async read(start: number, length: number): Promise<Uint8Array> {
    const here = this.slice(start, length);
    if (here) return here;
    if (!this.spill) throw new Error(`Bytes ${start}–${start + length} have not reached the page.`);
    if (start + length > this.keptEnd) {
      throw new Error(
        "This text was not kept: the browser's storage had stopped keeping this model before it arrived.",
      );
    }
    const { store, from } = this.spill;
    const inPage = Math.max(0, Math.min(length, from - start));
    const spilled = await store.read(start + inPage - from, length - inPage);
    if (inPage === 0) return spilled;
    const joined = new Uint8Array(length);
    joined.set(this.slice(start, inPage)!);
    joined.set(spilled, inPage);
    return joined;
  }
}

/**
 * One received line as views read it: an object's summary, and its text read from the bytes on
 * demand. Made when asked for (the set keeps its lines as columns, not as objects). `raw` is a
 * getter on the prototype and the body a private field, so spreading the object (`{...record}`)
 * or cloning it for a worker copies the summary alone.
 */
export class StoredObject implements ObjectSummary, LineRecord {
  readonly #body: Body;

  constructor(
    body: Body,
    readonly id: string,
    readonly speckleType: string,
    /** The text's size in UTF-8 bytes. */
    readonly bytes: number,
    /** The body offset of the text's first byte. */
    readonly start: number,
    readonly damaged: boolean,
  ) {
    this.#body = body;
  }

  /**
   * The text's UTF-8 bytes, as received (see Body.slice). Readers of every record wait for
   * `ObjectSet.wantBytes` first: a text still deferred cannot be read.
   */
  get encoded(): Uint8Array {
    const bytes = this.#body.slice(this.start, this.bytes);
    if (!bytes) throw new Error(`The text of ${this.id} has not reached the page yet.`);
    return bytes;
  }

  /** The text's UTF-8 bytes as `encoded` has them, in the pieces of the blocks they lie in. */
  get pieces(): Uint8Array[] {
    const pieces = this.#body.pieces(this.start, this.bytes);
    if (!pieces) throw new Error(`The text of ${this.id} has not reached the page yet.`);
    return pieces;
  }

  /** Throws TextTooLargeError, without decoding, for a text over MAX_TEXT_BYTES. */
  get raw(): string {
    if (isTextTooLarge(this.bytes)) throw new TextTooLargeError(this.id, this.bytes);
    const { encoded } = this;
    return decodeSpan(encoded, 0, encoded.length);
  }
}
