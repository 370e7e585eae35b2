/**
 * Every text of a spilled body, for readers that go through them all (an export): read from the
 * store in spans of a few MB, each span in one read, rather than one read per object. Each span
 * is a little body of its own, from which the records read their texts as any record does.
 */
import { Body, storedObjectClass, type StoredObject } from './body';

/** Bytes per read: few enough messages to the store's worker, a small part of memory. */
export const SPAN_BYTES = 4 * 1024 * 1024;

/** What the set tells of its lines, by their place in the list read. */
export interface LinesToRead {
  count: number;
  start(index: number): number;
  size(index: number): number;
  /** Reads the body's bytes, wherever they are. */
  read(start: number, length: number): Promise<Uint8Array>;
  /** The record of the line at `index`, its text read through `Stored`. */
  record(index: number, Stored: ReturnType<typeof storedObjectClass>): StoredObject;
}

export async function* textWindows(lines: LinesToRead): AsyncGenerator<StoredObject> {
  const { count, start, size } = lines;
  for (let index = 0; index < count;) {
    const from = start(index);
    let to = from + size(index);
    let end = index + 1;
    // The lines are in body order, repeats left out or not: a span covers those that fit.
    while (end < count && start(end) + size(end) - from <= SPAN_BYTES) {
      to = Math.max(to, start(end) + size(end));
      end += 1;
    }
    const Stored = storedObjectClass(Body.span(await lines.read(from, to - from), from));
    for (; index < end; index += 1) yield lines.record(index, Stored);
  }
}

/** The body's first `end` bytes, wherever they are, a span at a time. */
export async function* pieces(body: Body, end: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < end; at += SPAN_BYTES) {
    yield await body.read(at, Math.min(SPAN_BYTES, end - at));
  }
}
