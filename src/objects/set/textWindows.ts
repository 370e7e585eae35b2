/**
 * Every text of a spilled body, for readers that go through them all (an export): read from the
 * store in spans of a few MB, each span in one read, rather than one read per object. Each span
 * is a little body of its own, from which the records read their texts as any record does.
 */
import { Body, type StoredObject } from './body';
import type { ByteSource } from './byteStore';

/** Bytes per read: few enough messages to the store's worker, a small part of memory. */
export const SPAN_BYTES = 4 * 1024 * 1024;

/** What the set tells of its lines, by their place in the list read. */
interface LinesToRead {
  count: number;
  start(index: number): number;
  size(index: number): number;
  /** Reads the body's bytes, wherever they are. */
  read(start: number, length: number): Promise<Uint8Array>;
  /** The record of the line at `index`, its text read from `body`. */
  record(index: number, body: Body): StoredObject;
}

interface Span {
  /** The lines from `index` up to `end`, their texts within the body's bytes `[from, to)`. */
  end: number;
  from: number;
  to: number;
}

/**
 * The span read for the lines from `index` on: those whose texts fit in `maxBytes` from the first
 * one's start, and always that one, whatever its size. Lines `include` turns down (a text never
 * read) end the span, and are a span alone.
 */
export function spanAt(
  lines: Pick<LinesToRead, 'start' | 'size'>,
  index: number,
  count: number,
  maxBytes = SPAN_BYTES,
  include: (index: number) => boolean = () => true,
): Span {
  const from = lines.start(index);
  let to = from + lines.size(index);
  let end = index + 1;
  if (!include(index)) return { end, from, to };
  // The lines are in body order, repeats left out or not: a span covers those that fit.
  while (end < count && include(end) && lines.start(end) + lines.size(end) - from <= maxBytes) {
    to = Math.max(to, lines.start(end) + lines.size(end));
    end += 1;
  }
  return { end, from, to };
}

export async function* textWindows(lines: LinesToRead): AsyncGenerator<StoredObject> {
  const { count } = lines;
  for (let index = 0; index < count;) {
    const { end, from, to } = spanAt(lines, index, count);
    const span = Body.span(await lines.read(from, to - from), from);
    for (; index < end; index += 1) yield lines.record(index, span);
  }
}

/**
 * Where a spilled body's bytes are, for a reader of every text off the page (the search): those
 * before `storedFrom` in the page, the rest in `store`, at `offset - storedFrom` there.
 */
export interface SpilledBody {
  storedFrom: number;
  /** The body's bytes from `start`, all before `storedFrom`: views into the page's blocks. */
  pagePieces(start: number, length: number): Uint8Array[];
  store: ByteSource;
}

/** Where the bytes of `body` are, once it spilled; null while it is in the page. */
export function spilledBody(body: Body): SpilledBody | null {
  const { store, spilledFrom } = body;
  if (!store || spilledFrom === null) return null;
  const pagePieces = (start: number, length: number) => body.pieces(start, length) ?? [];
  return { storedFrom: spilledFrom, pagePieces, store };
}

/** The body's first `end` bytes, wherever they are, a span at a time. */
export async function* pieces(body: Body, end: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < end; at += SPAN_BYTES) {
    yield await body.read(at, Math.min(SPAN_BYTES, end - at));
  }
}
