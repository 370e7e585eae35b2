/**
 * A set's texts as the page serves them to a worker that reads every one (the index of who points
 * where, the property table, the model doctor): the span from an object on (textSpans.ts), the
 * bytes of it the page holds, and the store's reader port for the rest (spanBytes.ts).
 */
import type { StoreReader } from '../set/storeReader';
import type { ObjectSet } from '../set/objectSet';
import { SPAN_BYTES } from '../set/textWindows';
import { spanBody, type SpanBody, type SpanByteReaders } from './spanBytes';
import { textSpan, type ObjectSpan } from './textSpans';

export class SetSpans {
  private readonly body: SpanBody;
  private copy: Uint8Array | null = null;

  /** Made once the set's deferred bytes are in (ObjectSet.wantBytes): the page's are read as now. */
  constructor(private readonly set: ObjectSet) {
    this.body = spanBody(set);
  }

  /** The span from object `from` on, among those whose text can be read (ObjectSet). */
  from(from: number, maxBytes?: number): ObjectSpan {
    const { set } = this;
    const objects = {
      count: set.getProgress().readable,
      record: (index: number) => set.summaries.at(index)!,
      storedFrom: this.body.storedFrom,
    };
    return textSpan(objects, from, maxBytes);
  }

  /** The page's bytes from `start`, as views of its blocks. */
  pagePieces(start: number, length: number): Uint8Array[] {
    return this.body.pagePieces(start, length);
  }

  /**
   * The page's bytes from `start`, gathered into one buffer, the same one call after call, which
   * a message then copies. Views of the page's blocks would be copied with the whole of each
   * block they look into (a typed array is cloned with its entire buffer); a new buffer per call
   * was hundreds of MB of garbage for the page to collect, in tasks of 50 to 90 ms.
   */
  pageCopy(start: number, length: number): Uint8Array {
    const pieces = this.body.pagePieces(start, length);
    const total = pieces.reduce((sum, piece) => sum + piece.length, 0);
    if (!this.copy || this.copy.length < total)
      this.copy = new Uint8Array(Math.max(total, SPAN_BYTES));
    let at = 0;
    for (const piece of pieces) {
      this.copy.set(piece, at);
      at += piece.length;
    }
    return this.copy.subarray(0, total);
  }

  /** The store's reader for a worker, with its port to transfer; null when nothing is stored. */
  storeReader(): StoreReader | null {
    return this.set.spilledBody()?.store.reader() ?? null;
  }

  /** Readers of the span's bytes on the page itself, where there is no Worker (jsdom). */
  pageReaders(): SpanByteReaders {
    const spilled = this.set.spilledBody();
    return {
      readPage: (start, length) => Promise.resolve(this.body.pagePieces(start, length)),
      readStored: (start, length) =>
        spilled
          ? spilled.store.read(start, length)
          : Promise.reject(new Error('there is no store to read')),
    };
  }
}
