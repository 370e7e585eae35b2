import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bodyOf,
  fileChunks,
  filePacking,
  STALL_MS,
  type ChunkOptions,
} from '../../../../src/objects/files/fileBytes';

const CHUNK_BYTES = 1000;

function bytesOf(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index += 1) bytes[index] = (index * 7) % 251;
  return bytes;
}

/** Each chunk as it was when given: a chunk read into again later has changed by then. */
async function readAll(file: Blob, gzip: boolean, options: ChunkOptions): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of fileChunks(file, gzip, options)) chunks.push(chunk.slice());
  return chunks;
}

const joined = (chunks: readonly Uint8Array[]) =>
  Uint8Array.from(chunks.flatMap((chunk) => [...chunk]));

/** jsdom's Blob: slices and arrayBuffer(), no stream(). */
function streamlessBlob(bytes: Uint8Array<ArrayBuffer>): Blob {
  const blob = new Blob([bytes]);
  return {
    size: blob.size,
    slice: (from: number, to: number) => blob.slice(from, to),
  } as unknown as Blob;
}

describe('fileChunks of a plain file', () => {
  for (const [kind, open] of [
    ['read as a stream', (bytes: Uint8Array<ArrayBuffer>) => new Blob([bytes])],
    ['read in slices (no Blob.stream)', streamlessBlob],
  ] as const) {
    it(`gives the file whole, in chunks of the size asked for, ${kind}`, async () => {
      const bytes = bytesOf(4500);
      for (const keep of [true, false]) {
        const chunks = await readAll(open(bytes), false, { keep, chunkBytes: CHUNK_BYTES });
        expect(chunks.map(({ length }) => length)).toEqual([1000, 1000, 1000, 1000, 500]);
        expect(joined(chunks)).toEqual(bytes);
      }
    });
  }

  it('reads into the same buffer again and again when the chunks are not kept', async () => {
    const buffers = new Set<ArrayBufferLike>();
    for await (const chunk of fileChunks(streamlessBlob(bytesOf(6000)), false, {
      keep: false,
      chunkBytes: CHUNK_BYTES,
    })) {
      buffers.add(chunk.buffer);
    }
    expect(buffers.size).toBe(1);
  });

  it('hands the buffer of a chunk read from a stream to a later read when not kept', async () => {
    const given: Uint8Array[] = [];
    for await (const chunk of fileChunks(new Blob([bytesOf(6000)]), false, {
      keep: false,
      chunkBytes: CHUNK_BYTES,
    })) {
      given.push(chunk);
    }
    expect(given).toHaveLength(6);
    // A BYOB read takes the buffer it reads into: the chunks given before are detached.
    expect(given.slice(0, 5).map(({ byteLength }) => byteLength)).toEqual([0, 0, 0, 0, 0]);
  });

  it('gives each chunk a buffer of its own when they are kept', async () => {
    const bytes = bytesOf(3000);
    const kept: Uint8Array[] = [];
    for await (const chunk of fileChunks(new Blob([bytes]), false, {
      keep: true,
      chunkBytes: CHUNK_BYTES,
    })) {
      kept.push(chunk);
    }
    expect(new Set(kept.map(({ buffer }) => buffer)).size).toBe(3);
    expect(joined(kept)).toEqual(bytes);
  });

  it('stops reading once its signal aborts', async () => {
    const controller = new AbortController();
    const lengths: number[] = [];
    for await (const chunk of fileChunks(new Blob([bytesOf(10_000)]), false, {
      keep: false,
      signal: controller.signal,
      chunkBytes: CHUNK_BYTES,
    })) {
      lengths.push(chunk.length);
      if (lengths.length === 2) controller.abort();
    }
    expect(lengths).toEqual([1000, 1000]);
  });

  it('reports a read that fails when its chunk comes, the chunks before it given', async () => {
    const blob = new Blob([bytesOf(3000)]);
    const file = {
      size: 3000,
      slice: (from: number, to: number) =>
        from === 1000
          ? { arrayBuffer: () => Promise.reject(new Error('the file changed on disk')) }
          : blob.slice(from, to),
    } as unknown as Blob;
    const given: number[] = [];
    const reading = (async () => {
      for await (const chunk of fileChunks(file, false, { keep: true, chunkBytes: CHUNK_BYTES })) {
        given.push(chunk.length);
      }
    })();
    await expect(reading).rejects.toThrow('the file changed on disk');
    expect(given).toEqual([1000]);
  });
});

/**
 * A file whose first stream gives 300 bytes a read and then, from byte `stallAt`, nothing ever
 * again (as Chromium's sometimes does); streams of its slices do not stall. `opened` lists where
 * each stream started.
 */
function stallingFile(bytes: Uint8Array<ArrayBuffer>, stallAt: number) {
  const opened: number[] = [];
  const streamFrom = (from: number) => {
    const stalls = opened.length === 0;
    opened.push(from);
    let at = from;
    return new ReadableStream({
      type: 'bytes',
      pull(controller) {
        if (stalls && at >= stallAt) return new Promise<void>(() => undefined);
        const request = controller.byobRequest!;
        const view = request.view!;
        const length = Math.min(view.byteLength, 300, bytes.length - at);
        if (length === 0) {
          controller.close();
          request.respond(0);
          return;
        }
        new Uint8Array(view.buffer, view.byteOffset, length).set(bytes.subarray(at, at + length));
        at += length;
        request.respond(length);
      },
    });
  };
  const file = {
    size: bytes.length,
    stream: () => streamFrom(0),
    slice: (from: number) => ({ stream: () => streamFrom(from) }),
  } as unknown as Blob;
  return { file, opened };
}

describe('fileChunks of a file whose stream stalls', () => {
  afterEach(() => vi.useRealTimers());

  it('reads the chunk it stopped in again, from a stream of its own, every byte once', async () => {
    vi.useFakeTimers();
    const bytes = bytesOf(4500);
    for (const keep of [true, false]) {
      const { file, opened } = stallingFile(bytes, 2400);
      const reading = readAll(file, false, { keep, chunkBytes: CHUNK_BYTES });
      await vi.advanceTimersByTimeAsync(STALL_MS - 1);
      expect(opened).toEqual([0]);
      await vi.advanceTimersByTimeAsync(1);
      const chunks = await reading;
      // The third chunk stalled at 2,400 of its bytes: it is read from its start, at 2,000.
      expect(opened).toEqual([0, 2000]);
      expect(chunks.map(({ length }) => length)).toEqual([1000, 1000, 1000, 1000, 500]);
      expect(joined(chunks)).toEqual(bytes);
    }
  });
});

describe('gzip', () => {
  it('is told by the first bytes, and unpacked', async () => {
    const text = '{"id":"a"}\n'.repeat(500);
    const packed = new Blob([gzipSync(text)]);
    expect(await filePacking(packed)).toEqual({ gzip: true, headers: null });
    expect(await filePacking(new Blob([text]))).toEqual({ gzip: false, headers: null });
    const chunks = await readAll(packed, true, { keep: true });
    expect(new TextDecoder().decode(joined(chunks))).toBe(text);
  });

  it('is not claimed for a file whose first bytes cannot be read', async () => {
    const file = {
      size: 10,
      slice: () => ({ arrayBuffer: () => Promise.reject(new Error('gone')) }),
    } as unknown as Blob;
    expect(await filePacking(file)).toEqual({ gzip: false, headers: null });
  });

  it('is told after the HTTP headers that curl -i saved before a compressed body, and unpacked', async () => {
    const text = '{"id":"a"}\n'.repeat(50_000);
    const headers = 'HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Encoding: gzip\r\n\r\n';
    const file = new Blob([headers, gzipSync(text)]);
    const packing = await filePacking(file);
    expect(packing).toEqual({
      gzip: true,
      headers: {
        status: 'HTTP/1.1 200 OK',
        at: { line: 1, column: 1, byte: 0 },
        bodyAt: headers.length,
        bodyLine: 5,
      },
    });
    const chunks = await readAll(bodyOf(file, packing), true, { keep: true });
    expect(new TextDecoder().decode(joined(chunks))).toBe(text);
  });

  it('leaves a response that is not a success, or whose body is not gzip, to be read as text', async () => {
    const refused = new Blob(['HTTP/2 403\r\ncontent-encoding: gzip\r\n\r\n', gzipSync('{}')]);
    expect(await filePacking(refused)).toEqual({ gzip: false, headers: null });
    const plain = new Blob(['HTTP/2 200\r\n\r\n{"id":"a"}\n']);
    expect(await filePacking(plain)).toEqual({ gzip: false, headers: null });
  });
});
