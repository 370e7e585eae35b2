/**
 * An opened file's bytes, in chunks, for the indexing worker's reads (fileLoad.ts, fileRoot.ts).
 *
 * A plain file is read into buffers of 2 MiB with a BYOB reader. When nothing keeps the chunks (the
 * file itself is where the page reads its bytes back, see objects/files/fileSource.ts), one buffer is read
 * into again and again: no 337 MB of new buffers for the worker's heap to allocate and collect and
 * for the page to receive, which took as long as reading the file (docs/loading.md, "Opening a
 * file"). A gzip file is told by its first two bytes, not its name, and decompressed as it is read;
 * so is a gzip body after the HTTP headers `curl -i` saved before it.
 */
import {
  HEAD_BEFORE_GZIP,
  headersBeforeGzip,
  isGzip,
  type HttpHeaders,
} from '../../bytes/objectForm';

/** Measured against 1, 4 and 8 MiB (docs/loading.md). */
const CHUNK_BYTES = 2 * 1024 * 1024;

export interface ChunkOptions {
  /**
   * Whether the reader keeps the chunks: each then has a buffer of its own. When not, every chunk
   * is a view of the same buffer, valid until the next is asked for.
   */
  keep: boolean;
  /** Ends the reading, the read under way included. */
  signal?: AbortSignal;
  chunkBytes?: number;
}

/** How a file's objects are packed in it, told from its first bytes. */
interface Packing {
  /** Whether its body is gzip-compressed. */
  gzip: boolean;
  /** HTTP headers read over before a gzip body (headersBeforeGzip); the body is the rest. */
  headers: HttpHeaders | null;
}

const PLAIN: Packing = { gzip: false, headers: null };

/** The file's packing, from its first bytes; plain when they cannot be read. */
export async function filePacking(file: Blob): Promise<Packing> {
  try {
    const head = new Uint8Array(await file.slice(0, HEAD_BEFORE_GZIP).arrayBuffer());
    if (isGzip(head)) return { gzip: true, headers: null };
    const headers = headersBeforeGzip(head);
    return headers ? { gzip: true, headers } : PLAIN;
  } catch {
    // The read that follows fails too, and says so with the file's name.
    return PLAIN;
  }
}

/** The part of the file that holds its objects: all of it, or what follows headers read over. */
export function bodyOf(file: Blob, { headers }: Packing): Blob {
  return headers ? file.slice(headers.bodyAt) : file;
}

/** The file's bytes, unpacked when it is gzip. */
export function fileChunks(
  file: Blob,
  gzip: boolean,
  options: ChunkOptions,
): AsyncIterable<Uint8Array> {
  if (!gzip) return plainChunks(file, options);
  return unpackedChunks(file.stream().pipeThrough(new DecompressionStream('gzip')), options.signal);
}

async function* unpackedChunks(
  stream: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal?.aborted) return;
      if (value.length > 0) yield value;
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    cancel();
  }
}

async function* plainChunks(
  file: Blob,
  { keep, signal, chunkBytes = CHUNK_BYTES }: ChunkOptions,
): AsyncGenerator<Uint8Array> {
  const filler = fillerOf(file);
  signal?.addEventListener('abort', filler.cancel);
  try {
    // The browser keeps filling the stream's pipe while a chunk is cut: a read under way ahead
    // of the cutting, into a second buffer, was no faster (docs/loading.md).
    let buffer = new ArrayBuffer(chunkBytes);
    for (;;) {
      const chunk = await filler.fill(buffer);
      if (chunk.length === 0 || signal?.aborted) return;
      yield chunk;
      buffer = keep ? new ArrayBuffer(chunkBytes) : chunk.buffer;
    }
  } finally {
    signal?.removeEventListener('abort', filler.cancel);
    filler.cancel();
  }
}

interface Filler {
  /** Reads the next bytes into `buffer`, as many as fit: fewer only at the end of the file. */
  fill(buffer: ArrayBuffer): Promise<Uint8Array<ArrayBuffer>>;
  cancel(): void;
}

function fillerOf(file: Blob): Filler {
  // jsdom's Blob has no stream(): there, each read is a slice copied into the buffer.
  if (typeof file.stream !== 'function') return sliceFiller(file);
  /** Where the chunk being filled starts in the file. */
  let position = 0;
  let reader = file.stream().getReader({ mode: 'byob' });
  const cancel = () => void reader.cancel().catch(() => undefined);
  return {
    async fill(buffer) {
      const size = buffer.byteLength;
      for (;;) {
        const chunk = await beforeStall(fillFrom(reader, buffer));
        if (chunk) {
          position += chunk.length;
          return chunk;
        }
        // The read stalled: the chunk is read again, by a reader of its own, into a buffer of its
        // own (the stalled read holds the first).
        cancel();
        reader = file.slice(position).stream().getReader({ mode: 'byob' });
        buffer = new ArrayBuffer(size);
      }
    },
    cancel,
  };
}

/**
 * How long a chunk's read may take before it is taken to have stalled. Chromium's stream of a
 * file now and then stops for good in the middle (docs/loading.md): read again from the same
 * place, it goes on. A chunk takes milliseconds; a slow disk's seconds are well within this.
 */
export const STALL_MS = 10_000;

/** What `read` gives, or null when it has not settled within STALL_MS. */
async function beforeStall<T>(read: Promise<T>): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise<null>((resolve) => (timer = setTimeout(resolve, STALL_MS, null)));
  try {
    return await Promise.race([read, stalled]);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads the next bytes into `buffer`, as many as fit: fewer only at the end of the file. */
async function fillFrom(
  reader: ReadableStreamBYOBReader,
  buffer: ArrayBuffer,
): Promise<Uint8Array<ArrayBuffer>> {
  let filled = 0;
  while (filled < buffer.byteLength) {
    const { done, value } = await reader.read(new Uint8Array(buffer, filled));
    // A BYOB read takes the buffer and gives it back in its answer.
    if (value) buffer = value.buffer;
    if (done) break;
    filled += value.length;
  }
  return new Uint8Array(buffer, 0, filled);
}

function sliceFiller(file: Blob): Filler {
  let at = 0;
  return {
    async fill(buffer) {
      const end = Math.min(file.size, at + buffer.byteLength);
      const read = new Uint8Array(await file.slice(at, end).arrayBuffer());
      at = end;
      const chunk = new Uint8Array(buffer, 0, read.length);
      chunk.set(read);
      return chunk;
    },
    cancel: () => (at = file.size),
  };
}
