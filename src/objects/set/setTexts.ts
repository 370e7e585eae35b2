/**
 * Where a received set's texts are, and how a reader gets one. Raw bytes are the truth: the body
 * is kept as the blocks of bytes it arrived in, duplicates included, so that exports equal the
 * server's body byte for byte, and an object's text is decoded from its bytes when it is asked
 * for (body.ts). Strings would cost more than the bytes (a string per object, and twice the bytes
 * for any non-Latin-1 text). The bytes may also wait with the loader (objects/load/byteDeferral.ts),
 * have spilled to a byte store, or stay in opened files; the texts are read back from there.
 */
import { settlement } from '../../lib/settlement';
import { Body, StoredObject } from './body';
import type { ByteSource } from './byteStore';
import type { IndexedBlock } from './indexedBlock';
import type { SetIndex } from './setIndex';
import { pieces, spilledBody, textWindows, type SpilledBody } from './textWindows';

export class SetTexts {
  /** The body as received, chunk by chunk: the index's lines point into it. */
  private readonly body = new Body();
  /** The body offset just past the last good line. */
  private goodEnd = 0;
  /** The objects received when the loader began to defer bytes: those the set can read. */
  private readableWhileDeferred: number | null = null;
  /** Asks the loader for the bytes it defers; set by the loader (see wantBytes). */
  private askForBytes: (() => void) | null = null;
  private bytesWanted = false;
  private readonly bytesHere = settlement();

  constructor(private readonly index: SetIndex) {}

  /** Keeps a block's bytes, or notes that the loader defers them; `received` objects came before. */
  append(block: IndexedBlock, received: number): void {
    const { bytes, byteLength, offset } = block;
    if (!bytes && !this.body.store) this.readableWhileDeferred ??= received;
    this.body.append(bytes, offset, byteLength);
    this.goodEnd = block.goodEnd;
  }

  /** Of `received` objects, how many the page can read now: the first this many. */
  readable(received: number): number {
    return this.readableWhileDeferred ?? received;
  }

  /** The bytes of the blocks that arrived without them, in order (objects/load/byteDeferral.ts). */
  receive(parts: readonly Uint8Array[]): void {
    this.body.fill(parts);
    this.readableWhileDeferred = null;
    this.bytesHere.settle();
  }

  /** The deferred bytes, and every later block's, are in `store`: texts are read back from there. */
  spillTo(store: ByteSource): void {
    this.body.spillTo(store);
    this.readableWhileDeferred = null;
    this.bytesHere.settle();
  }

  /**
   * The store kept only its first `storedBytes`: the body's copy ends with the last line kept.
   * Returns the body offset past the last byte kept, and how many objects can be read.
   */
  keepStoredOnly(storedBytes: number): { keptBytes: number; readable: number } {
    const end = this.body.keepStoredOnly(storedBytes);
    const { index } = this;
    const keptLines = index.countEndingBefore(end, index.lineCount, (line) => line);
    const readable = index.countEndingBefore(end, index.distinct, index.distinctLine);
    // The copy ends with the newline after the last line kept (a `\r` before it is left out).
    this.goodEnd = Math.min(this.goodEnd, keptLines > 0 ? index.endOf(keptLines - 1) + 1 : end);
    return { keptBytes: end, readable };
  }

  /** The load ended: no held bytes will come, and readers waiting for them go on. */
  ended(): void {
    this.bytesHere.settle();
  }

  /** See ObjectSet.wantBytes. */
  wantBytes(): Promise<void> {
    if (!this.bytesWanted) {
      this.bytesWanted = true;
      // Without a loader, nothing holds bytes back; a spilled body's are read back one by one.
      if (this.askForBytes && !this.body.store) this.askForBytes();
      else this.bytesHere.settle();
    }
    return this.bytesHere.done;
  }

  askForBytesWith(ask: () => void): void {
    this.askForBytes = ask;
    if (this.bytesWanted) ask();
  }

  /** See ObjectSet.wantText; resolves with whether a text was read back from the store. */
  async wantText(id: string): Promise<boolean> {
    const line = this.index.find(id);
    if (line === -1 || this.readableLine(id) !== -1) return false;
    if (!this.body.store) {
      await this.wantBytes();
      // The loader may have spilled the body instead of sending its bytes.
      return this.body.store ? this.wantText(id) : false;
    }
    await this.body.readBack(this.index.start(line), this.index.size(line));
    return true;
  }

  get spilled(): boolean {
    return this.body.store !== null;
  }

  /** The line of the object with this id when its text can be read; -1 otherwise. */
  readableLine(id: string): number {
    const line = this.index.find(id);
    if (line === -1) return -1;
    return this.body.canSlice(this.index.start(line), this.index.size(line)) ? line : -1;
  }

  /** The record of `line`, its text read from `body`: the set's own, or a span read back. */
  record(line: number, body = this.body): StoredObject {
    const { index } = this;
    return new StoredObject(
      body,
      index.idOf(line),
      index.typeOf(line),
      index.size(line),
      index.start(line),
      index.isDamaged(line),
    );
  }

  /** See ObjectSet.bodyBytes. */
  bodyBytes(): Uint8Array[] {
    return this.body.bytesBefore(Math.min(this.goodEnd, this.body.readableEnd));
  }

  bodyLength(): number {
    return Math.min(this.goodEnd, this.body.store ? Infinity : this.body.readableEnd);
  }

  bodyPieces(): readonly Uint8Array[] | AsyncIterable<Uint8Array> {
    return this.body.store ? pieces(this.body, this.bodyLength()) : this.bodyBytes();
  }

  /**
   * The records of the first `count` lines that `lineOf` picks, those whose text the store kept
   * (all of them, unless it filled), read from it in spans: for readers of every text of a
   * spilled body.
   */
  inSpans(count: number, lineOf: (index: number) => number): AsyncIterable<StoredObject> {
    const { index } = this;
    return textWindows({
      count: index.countEndingBefore(this.body.keptEnd, count, lineOf),
      start: (at) => index.start(lineOf(at)),
      size: (at) => index.size(lineOf(at)),
      read: (start, length) => this.body.read(start, length),
      record: (at, span) => this.record(lineOf(at), span),
    });
  }

  spilledBody(): SpilledBody | null {
    return spilledBody(this.body);
  }

  /** Drops the store (its file on disk); what went there can no longer be read. */
  dispose(): void {
    void this.body.store?.release();
  }
}
