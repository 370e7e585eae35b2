/**
 * A worker's half of reading every text of a set (setSpans.ts is the page's): each span asked
 * for in turn, its bytes read from the page or the store (spanBytes.ts) while the span before is
 * taken, so that memory holds two spans, never the texts.
 */
import { readSpanBytes, type SpanByteReaders } from './spanBytes';
import type { ObjectSpan } from './textSpans';

export interface ReadSpan {
  span: ObjectSpan;
  /** The span's bytes, from `span.start`; null for a span `needs` passed over, or of no bytes. */
  bytes: Uint8Array | null;
}

/**
 * The spans from the first object to the last, with their bytes, one span read ahead. `want` asks
 * the page for the span from an object on (one without objects past the last); only the spans
 * that `needs` have their bytes read.
 */
export async function* readSpans(
  want: (from: number) => Promise<ObjectSpan>,
  readers: SpanByteReaders,
  needs: (span: ObjectSpan) => boolean = () => true,
): AsyncGenerator<ReadSpan> {
  const fetch = async (from: number) => {
    const span = await want(from);
    const bytes = span.length > 0 && needs(span) ? readSpanBytes(span, readers) : null;
    // Awaited in turn below: a failure meanwhile is not an unhandled one.
    bytes?.catch(() => undefined);
    return { span, bytes };
  };
  let ahead = fetch(0);
  for (;;) {
    const { span, bytes } = await ahead;
    if (span.ids.length === 0) return;
    ahead = fetch(span.from + span.ids.length);
    // Left unawaited when the reader stops early: its failure is not an unhandled one either.
    ahead.catch(() => undefined);
    yield { span, bytes: bytes && (await bytes) };
  }
}

/**
 * Hands each object's text in the span to `take`, as the UTF-8 bytes received; those too large to
 * read (speckle/textLimit.ts) are left out, as the search leaves them out, and named to `tooLarge`.
 */
export function eachText(
  { span, bytes }: ReadSpan,
  take: (id: string, text: Uint8Array) => void,
  tooLarge: (id: string) => void = () => undefined,
): void {
  for (let index = 0; index < span.ids.length; index += 1) {
    const size = span.sizes[index]!;
    if (size < 0) tooLarge(span.ids[index]!);
    else if (bytes) {
      const at = span.starts[index]! - span.start;
      take(span.ids[index]!, bytes.subarray(at, at + size));
    }
  }
}
