/**
 * The bytes of a span of a set's texts (textWindows.ts, spanAt), read off the page by a worker: the
 * page's part asked of the page a piece at a time, the rest read from the store's reader port
 * (storeReader.ts). The search of a body on disk and the index of who points where read them so.
 */
import type { ObjectSet } from '../set/objectSet';
import { readFromStorePort } from '../set/storeReader';
import { SPAN_BYTES } from '../set/textWindows';

/** Where a span's bytes are: `[start, start + length)` of the body, the first `inPage` in the page. */
export interface SpanPlace {
  start: number;
  length: number;
  inPage: number;
  /** Where the rest starts in the store, counted from its first byte. */
  storedStart: number;
}

export interface SpanByteReaders {
  /** Bytes from the store, counted from its first byte. */
  readStored: (start: number, length: number) => Promise<Uint8Array>;
  /** Bytes the page holds, by body offset, a few MB at a time, in pieces. */
  readPage: (start: number, length: number) => Promise<Uint8Array[]>;
}

/** The span's bytes: the page's part, a piece at a time, joined with the store's. */
export async function readSpanBytes(
  span: SpanPlace,
  { readStored, readPage }: SpanByteReaders,
): Promise<Uint8Array> {
  const { start, length, inPage } = span;
  const stored = inPage < length ? readStored(span.storedStart, length - inPage) : null;
  if (inPage === 0 && stored) return stored;
  // Awaited below, after the page's pieces: a failure meanwhile is not an unhandled one.
  stored?.catch(() => undefined);
  let bytes: Uint8Array | null = null;
  // The page sends 4 MB at a time, each a short task of its own: a root of 50 MB is not one.
  for (let at = 0; at < inPage;) {
    const pieces = await readPage(start + at, Math.min(SPAN_BYTES, inPage - at));
    if (pieces.length === 0) throw new Error('The page no longer holds the model’s first bytes.');
    // A span the page sends whole, as one piece, is used as it came: no copy.
    if (!stored && pieces.length === 1 && pieces[0]!.length === length) return pieces[0]!;
    bytes ??= new Uint8Array(length);
    for (const piece of pieces) {
      bytes.set(piece, at);
      at += piece.length;
    }
  }
  bytes ??= new Uint8Array(length);
  if (stored) bytes.set(await stored, inPage);
  return bytes;
}

/**
 * A worker's readers of span bytes: the store's through its reader port once given, the page's by
 * asking the page (`askPage`), whose answer comes back through `pageBytes`.
 */
export class WorkerSpanReaders implements SpanByteReaders {
  private fromStore: ((start: number, length: number) => Promise<Uint8Array>) | null = null;
  private readonly pageReads = new Map<number, (pieces: Uint8Array[]) => void>();
  private nextPageRead = 0;

  constructor(private readonly askPage: (request: number, start: number, length: number) => void) {}

  openStore(port: MessagePort): void {
    this.fromStore = readFromStorePort(port);
  }

  readStored = (start: number, length: number): Promise<Uint8Array> =>
    this.fromStore
      ? this.fromStore(start, length)
      : Promise.reject(new Error('there is no store to read'));

  readPage = (start: number, length: number): Promise<Uint8Array[]> =>
    new Promise((resolve) => {
      const request = (this.nextPageRead += 1);
      this.pageReads.set(request, resolve);
      this.askPage(request, start, length);
    });

  /** The page's answer to a `readPage`. */
  pageBytes(request: number, pieces: Uint8Array[]): void {
    this.pageReads.get(request)?.(pieces);
    this.pageReads.delete(request);
  }
}

/**
 * Where a set's bytes are, as the page hands them to a reader of every span: those before
 * `storedFrom` in the page, sent a few MB at a time as views of its blocks, the rest in the store,
 * which the worker reads itself through the store's reader port.
 */
export interface SpanBody {
  /** The body offset of the store's first byte; the body's length when nothing is stored. */
  storedFrom: number;
  /** The page's bytes from `start`, as views of its blocks. */
  pagePieces(start: number, length: number): Uint8Array[];
}

export function spanBody(set: ObjectSet): SpanBody {
  return set.spilledBody() ?? bodyInPage(set.bodyBytes());
}

/** A body whose bytes are all in the page: nothing stored. */
function bodyInPage(blocks: readonly Uint8Array[]): SpanBody {
  const starts: number[] = [];
  let end = 0;
  for (const block of blocks) {
    starts.push(end);
    end += block.length;
  }
  return {
    storedFrom: end,
    pagePieces(start, length) {
      const pieces: Uint8Array[] = [];
      const stop = Math.min(end, start + length);
      for (let block = 0; block < blocks.length && starts[block]! < stop; block += 1) {
        const from = Math.max(start, starts[block]!) - starts[block]!;
        const to = Math.min(stop, starts[block]! + blocks[block]!.length) - starts[block]!;
        if (from < to) pieces.push(blocks[block]!.subarray(from, to));
      }
      return pieces;
    },
  };
}
