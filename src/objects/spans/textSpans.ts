/**
 * The page's half of a worker reading every text of a set (a search of a body on disk, the index
 * of who points where, the property table, the model doctor): the worker asks for the objects from
 * one place on, and gets those of one span (a few MB of their texts, textWindows.ts). It reads
 * their bytes from the store itself, so that no byte on disk goes through the page, and asks the
 * page for those it holds (spanBytes.ts). The page holds nothing for the worker between spans.
 */
import { isTextTooLarge } from '../../speckle/textLimit';
import { spanAt, SPAN_BYTES } from '../set/textWindows';
import type { SpanPlace } from './spanBytes';

/** The objects of one span of a set's texts, in the order received. */
export interface ObjectSpan extends SpanPlace {
  /** The place of the span's first object among the set's objects. */
  from: number;
  ids: string[];
  /** Each object's text: its body offset and size in bytes; a size of -1: not read (too large). */
  starts: number[];
  sizes: number[];
  /** Objects the set holds now. */
  available: number;
}

export interface SpannedObjects {
  /** Objects now, each once, in body order. */
  count: number;
  record(index: number): { id: string; start: number; bytes: number };
  /** The body offset of the store's first byte: the bytes before it are in the page. */
  storedFrom: number;
}

/** The span of `objects` from object `from` on; one without objects past the last. */
export function textSpan(objects: SpannedObjects, from: number, maxBytes = SPAN_BYTES): ObjectSpan {
  const { count, storedFrom } = objects;
  const span: ObjectSpan = {
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
  // A text too large to read is a span alone, and none of its bytes is read.
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
