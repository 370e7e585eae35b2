/**
 * An opened file's bytes as a stream, for the indexing worker's reads (fileLoad.ts, fileRoot.ts).
 *
 * `file.stream()` gives chunks of 64 kB to 1 MB: a 337 MB file made hundreds to thousands of blocks,
 * each cut, indexed, posted and added to the set on its own. So a plain file is read in slices, each
 * a block of the load. Read one at a time, the next asked for only once the one before was cut, the
 * slices took about twice as long as `file.arrayBuffer()` of the whole file, the worker idle while
 * each came. Reads are kept under way ahead of the cutting instead (docs/loading.md, "Opening a
 * file").
 */
import { isGzip } from '../bytes/objectForm';

export interface Slicing {
  /** How much of the file one read takes. */
  bytes: number;
  /** How many reads are under way at once, the one being waited for included. */
  ahead: number;
}

/** Measured against other sizes and depths, and a stream read into buffers (docs/loading.md). */
export const SLICING: Slicing = { bytes: 8 * 1024 * 1024, ahead: 2 };

/**
 * A file's bytes, unpacked when they are gzip: its first two bytes say which (not its name). They
 * are read while the first slices are, so that the load does not wait for them before it starts.
 */
export async function openFileBytes(
  file: Blob,
  slicing: Slicing = SLICING,
): Promise<{ gzip: boolean; stream: ReadableStream<Uint8Array> }> {
  const plain = fileStream(file, false, slicing);
  const gzip = isGzip(new Uint8Array(await file.slice(0, 2).arrayBuffer()));
  if (!gzip) return { gzip, stream: plain };
  void plain.cancel();
  return { gzip, stream: fileStream(file, true) };
}

/** The file's bytes, unpacked when it is gzip. */
export function fileStream(
  file: Blob,
  gzip: boolean,
  slicing: Slicing = SLICING,
): ReadableStream<Uint8Array> {
  if (gzip) return file.stream().pipeThrough(new DecompressionStream('gzip'));
  let at = 0;
  const reads: Promise<ArrayBuffer>[] = [];
  const readAhead = () => {
    while (reads.length < slicing.ahead && at < file.size) {
      const end = Math.min(file.size, at + slicing.bytes);
      const read = file.slice(at, end).arrayBuffer();
      // A read that fails is reported when its turn comes, not as an unhandled rejection before.
      read.catch(() => undefined);
      reads.push(read);
      at = end;
    }
  };
  return new ReadableStream<Uint8Array>(
    {
      start: readAhead,
      async pull(controller) {
        const read = reads.shift();
        if (!read) return controller.close();
        readAhead();
        controller.enqueue(new Uint8Array(await read));
      },
      cancel() {
        reads.length = 0;
        at = file.size;
      },
    },
    // Nothing waits in the stream's own queue: the reads under way are the queue.
    { highWaterMark: 0 },
  );
}
