/**
 * Chooses the root of opened files (speckle/rootChoice.ts) in a second read of them, once their
 * objects are listed. It needs what every object refers to, read from all of its text: while the
 * files are first read, that doubled the time to list them, and the bytes have gone to the page
 * by the end. Reading a file again is the browser's quickest work (it is in the disk's cache), and
 * this reading is done in the indexing worker, like the first.
 */
import type { SplitLine } from '../bytes/lines';
import { ObjectCutter } from '../bytes/objectCutter';
import type { ObjectForm } from '../bytes/objectForm';
import { decodeSpan } from '../bytes/utf8Text';
import { rootCandidate, RootTally, type RootChoice } from '../speckle/rootChoice';

/** A file as its first read left it. */
export interface FileToReread {
  file: Blob;
  gzip: boolean;
  /** Null when the file was refused: it is not read again. */
  form: ObjectForm | null;
  objects: number;
  /** How many of its bytes (unpacked, for gzip) the first read took. */
  bytes: number;
}

/**
 * How much of a file is read at a time. `file.stream()` gives 64 KiB chunks: a 337 MB file made
 * 5,000 blocks, each cut, indexed, posted and added to the set on its own, and took three times as
 * long to list as to read whole. A server's body comes in chunks of about 600 kB.
 */
const SLICE_BYTES = 4 * 1024 * 1024;

/** The file's bytes, unpacked when it is gzip. */
export function fileStream(file: Blob, gzip: boolean): ReadableStream<Uint8Array> {
  if (gzip) return file.stream().pipeThrough(new DecompressionStream('gzip'));
  let at = 0;
  // One slice is read while the one before is cut: a stream asks for the next as it hands one on.
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (at >= file.size) return controller.close();
      const end = Math.min(file.size, at + SLICE_BYTES);
      const bytes = new Uint8Array(await file.slice(at, end).arrayBuffer());
      at = end;
      controller.enqueue(bytes);
    },
  });
}

export async function chooseFilesRoot(
  files: readonly FileToReread[],
  signal?: AbortSignal,
): Promise<RootChoice | null> {
  const tally = new RootTally();
  for (const { file, gzip, form, bytes } of files) {
    if (form === null) continue;
    const reader = fileStream(file, gzip).getReader();
    const cutter = new ObjectCutter();
    try {
      // As far as the first read went: a file cut short breaks here again, a big one stops here.
      for (let read = 0; read < bytes && !signal?.aborted;) {
        const { done, value } = await reader.read();
        if (done) break;
        const chunk = value.subarray(0, bytes - read);
        read += chunk.length;
        tallyLines(tally, cutter.push(chunk).lines);
      }
    } catch {
      // The first read said what broke; the objects before it are counted.
    } finally {
      void reader.cancel().catch(() => undefined);
    }
    tallyLines(tally, cutter.finish().lines);
  }
  const firstForm = files.find(({ objects }) => objects > 0)?.form;
  return tally.choose(firstForm === 'json-array' || firstForm === 'id-lines');
}

function tallyLines(tally: RootTally, lines: readonly SplitLine[]): void {
  for (const { idStart, idEnd, start, end, source, sourceOffset } of lines) {
    const id = decodeSpan(source, idStart - sourceOffset, idEnd - sourceOffset);
    tally.add(rootCandidate(id, source.subarray(start - sourceOffset, end - sourceOffset)));
  }
}
