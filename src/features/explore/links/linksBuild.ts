/**
 * The worker's half of the index of who points where: it asks the page for the set's objects a
 * span at a time, reads each span's bytes where they are (the page's, or the store's on disk:
 * objects/set/spanBytes.ts, as the search of a body on disk reads them), adds each object to the
 * index, and answers lookups once every object is in. One span is read while the one before is
 * indexed; memory holds the index and the spans in hand, not the texts.
 */
import { errorText } from '../../../lib/errorText';
import { readSpanBytes, type SpanByteReaders } from '../../../objects/set/spanBytes';
import { ObjectLinksBuilder, type ObjectLinksIndex } from '../../../speckle/graph/objectLinks';
import type { FromLinks, LinkSpan } from './linksMessages';

/**
 * Spans in hand at most: one indexed, the next ones read meanwhile. Asking waits for the page's
 * turn (its main thread is busy after a load), so the spans are asked for several at once.
 */
const AHEAD = 4;

export class LinksBuild {
  private readonly builder = new ObjectLinksBuilder();
  private index: ObjectLinksIndex | null = null;
  private failed = false;
  private next = 0;
  /** Spans asked for and not yet received. */
  private awaited = 0;
  private atEnd = false;
  private read = 0;
  /** Objects read when progress was last posted. */
  private told = 0;
  /** Spans in hand, each with its bytes in pieces, one after another from the span's start. */
  private readonly spans: Array<{ span: LinkSpan; bytes: Promise<readonly Uint8Array[]> }> = [];
  /** Where a text that lies across two pieces is joined, grown as needed. */
  private joined = new Uint8Array(64 * 1024);
  private indexing = false;
  private readonly waiting: Array<{ request: number; id: string }> = [];

  constructor(
    private readonly post: (message: FromLinks) => void,
    private readonly readers: SpanByteReaders,
  ) {}

  start(): void {
    this.ask();
  }

  /** A span from the page, with its bytes the page holds when it sent them along. */
  receive(span: LinkSpan, pieces: Uint8Array[] | null = null): void {
    if (this.awaited === 0 || span.from !== this.next || this.failed) return;
    this.awaited -= 1;
    if (span.ids.length === 0) {
      this.atEnd = true;
      this.awaited = 0;
      if (this.spans.length === 0) this.finish();
      return;
    }
    this.next = span.from + span.ids.length;
    // Bytes all in the pieces sent are read where they are; others are joined as read.
    const bytes =
      pieces && span.inPage === span.length
        ? Promise.resolve(pieces)
        : readSpanBytes(
            span,
            pieces ? { ...this.readers, readPage: async () => pieces } : this.readers,
          ).then((joined) => [joined]);
    // Awaited in turn by indexSpans: a failure meanwhile is not an unhandled one.
    bytes.catch(() => undefined);
    this.spans.push({ span, bytes });
    this.ask();
    void this.indexSpans();
  }

  about(request: number, id: string): void {
    if (this.index) this.post({ type: 'about', request, links: this.index.about(id) });
    else this.waiting.push({ request, id });
  }

  private ask(): void {
    if (this.awaited > 0 || this.atEnd || this.spans.length >= AHEAD) return;
    this.awaited = AHEAD - this.spans.length;
    this.post({ type: 'want', from: this.next, count: this.awaited });
  }

  private async indexSpans(): Promise<void> {
    if (this.indexing) return;
    this.indexing = true;
    while (this.spans.length > 0 && !this.failed) {
      let bytes: readonly Uint8Array[];
      try {
        bytes = await this.spans[0]!.bytes;
      } catch (error) {
        this.failed = true;
        this.post({ type: 'failed', message: errorText(error) });
        return;
      }
      const { span } = this.spans.shift()!;
      this.add(span, bytes);
      this.read += span.ids.length;
      // Each is a render on the page, which is busy after a load: one per fiftieth of the objects.
      if (this.read - this.told >= span.available / 50) {
        this.told = this.read;
        this.post({ type: 'progress', read: this.read, available: span.available });
      }
      this.ask();
    }
    this.indexing = false;
    if (this.atEnd && !this.failed) this.finish();
  }

  /** Adds the span's objects, their texts read from its pieces, which lie in body order. */
  private add(span: LinkSpan, pieces: readonly Uint8Array[]): void {
    let piece = 0;
    let pieceStart = span.start;
    for (let index = 0; index < span.ids.length; index += 1) {
      const size = span.sizes[index]!;
      // A text too large to read is left out, as the search leaves it out.
      if (size < 0) continue;
      const start = span.starts[index]!;
      while (piece < pieces.length - 1 && pieceStart + pieces[piece]!.length <= start) {
        pieceStart += pieces[piece++]!.length;
      }
      const at = start - pieceStart;
      const text =
        at + size <= pieces[piece]!.length
          ? pieces[piece]!.subarray(at, at + size)
          : this.join(pieces, piece, at, size);
      this.builder.add(span.ids[index]!, text);
    }
  }

  /** The `size` bytes from `at` in pieces[piece] on, across the pieces after it; valid until the next join. */
  private join(pieces: readonly Uint8Array[], piece: number, at: number, size: number): Uint8Array {
    if (this.joined.length < size) this.joined = new Uint8Array(size);
    let filled = 0;
    for (let from = at; filled < size; piece += 1, from = 0) {
      const part = pieces[piece]!.subarray(from, from + size - filled);
      this.joined.set(part, filled);
      filled += part.length;
    }
    return this.joined.subarray(0, size);
  }

  private finish(): void {
    if (this.index) return;
    this.index = this.builder.finish();
    this.post({ type: 'built', objects: this.index.size });
    for (const { request, id } of this.waiting.splice(0)) this.about(request, id);
  }
}
