/**
 * The worker's half of the index of who points where: it asks the page for the set's objects a
 * span at a time, reads each span's bytes where they are (the page's, or the store's on disk:
 * objects/spans/spanBytes.ts, as the search of a body on disk reads them), adds each object to the
 * index, and answers lookups once every object is in. One span is read while the one before is
 * indexed; memory holds the index and the spans in hand, not the texts.
 */
import { errorText } from '../../../lib/errorText';
import { readSpanBytes, type SpanByteReaders } from '../../../objects/spans/spanBytes';
import { ObjectLinksBuilder, type ObjectLinksIndex } from '../../../speckle/graph/objectLinks';
import { eachText } from '../../../objects/spans/spanReading';
import type { ObjectSpan } from '../../../objects/spans/textSpans';
import type { FromLinks } from './linksMessages';

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
  /** Spans in hand, with their bytes, and the page's buffer that brought them, if one did. */
  private readonly spans: Array<{
    span: ObjectSpan;
    bytes: Promise<Uint8Array>;
    lent: Uint8Array<ArrayBuffer> | null;
  }> = [];
  private indexing = false;
  private readonly waiting: Array<{ request: number; id: string }> = [];

  constructor(
    private readonly post: (message: FromLinks, transfer?: Transferable[]) => void,
    private readonly readers: SpanByteReaders,
  ) {}

  start(): void {
    this.ask();
  }

  /**
   * A span from the page, with the bytes of it the page holds when it sent them along, in a buffer
   * lent by the page: given back once the span is indexed.
   */
  receive(span: ObjectSpan, lent: Uint8Array<ArrayBuffer> | null = null): void {
    if (this.awaited === 0 || span.from !== this.next || this.failed) return;
    this.awaited -= 1;
    if (span.ids.length === 0) {
      this.atEnd = true;
      this.awaited = 0;
      if (this.spans.length === 0) this.finish();
      return;
    }
    this.next = span.from + span.ids.length;
    const bytes =
      lent && span.inPage === span.length
        ? Promise.resolve(lent)
        : readSpanBytes(
            span,
            lent ? { ...this.readers, readPage: async () => [lent] } : this.readers,
          );
    // Awaited in turn by indexSpans: a failure meanwhile is not an unhandled one.
    bytes.catch(() => undefined);
    this.spans.push({ span, bytes, lent });
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
      let bytes: Uint8Array;
      try {
        bytes = await this.spans[0]!.bytes;
      } catch (error) {
        this.failed = true;
        this.post({ type: 'failed', message: errorText(error) });
        return;
      }
      const { span, lent } = this.spans.shift()!;
      eachText({ span, bytes }, (id, text) => this.builder.add(id, text));
      if (lent) this.post({ type: 'returned', buffer: lent.buffer }, [lent.buffer]);
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

  private finish(): void {
    if (this.index) return;
    this.index = this.builder.finish();
    this.post({ type: 'built', objects: this.index.size });
    for (const { request, id } of this.waiting.splice(0)) this.about(request, id);
  }
}
