/**
 * The page's half of searching a body on disk: the search worker asks for the objects from one
 * place on, and gets those of one span (a few MB of their texts, textWindows.ts). It reads their
 * bytes from the store itself, so that no byte on disk goes through the page, and asks the page
 * for those it holds (the root's blocks). The page holds nothing for the search between spans.
 */
import { isTextTooLarge } from '../../../speckle/textLimit';
import { spanAt, SPAN_BYTES } from '../../../objects/set/textWindows';
import type { TextSpan } from './diskSearchMessages';

export interface SpannedObjects {
  /** Objects now, each once, in body order. */
  count: number;
  record(index: number): { id: string; start: number; bytes: number };
  /** The body offset of the store's first byte: the bytes before it are in the page. */
  storedFrom: number;
}

/** The span of `objects` from object `from` on; one without objects past the last. */
export function textSpan(
  objects: SpannedObjects,
  queryId: number,
  from: number,
  maxBytes = SPAN_BYTES,
): TextSpan {
  const { count, storedFrom } = objects;
  const span: TextSpan = {
    queryId,
    from,
    ids: [],
    starts: [],
    sizes: [],
    start: 0,
    length: 0,
    inPage: 0,
    storedStart: 0,
    available: count,
  };
  if (from >= count) return span;
  const records: ReturnType<SpannedObjects['record']>[] = [];
  const at = (index: number) => (records[index - from] ??= objects.record(index));
  // A text too large to read is a span alone, and none of its bytes is read: it is not searched.
  const read = (index: number) => !isTextTooLarge(at(index).bytes);
  const lines = {
    start: (index: number) => at(index).start,
    size: (index: number) => at(index).bytes,
  };
  const { end, from: start, to } = spanAt(lines, from, count, maxBytes, read);
  for (let index = from; index < end; index += 1) {
    span.ids.push(at(index).id);
    span.starts.push(at(index).start);
    span.sizes.push(read(index) ? at(index).bytes : -1);
  }
  span.start = start;
  span.length = read(from) ? to - start : 0;
  span.inPage = Math.max(0, Math.min(span.length, storedFrom - start));
  span.storedStart = start + span.inPage - storedFrom;
  return span;
}
