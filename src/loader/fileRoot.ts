/**
 * Chooses the root of opened files (speckle/rootChoice.ts) in a second read of them, once their
 * objects are listed. It needs what every object refers to, read from all of its text: while the
 * files are first read, that doubled the time to list them, and the worker keeps none of their
 * bytes. Reading a file again is the browser's quickest work (it is in the disk's cache), and this
 * reading is done in the indexing worker, like the first, once the page has drawn the end of that
 * one: on two cores it took the CPU from that drawing.
 */
import type { SplitLine } from '../bytes/lines';
import { ObjectCutter } from '../bytes/objectCutter';
import type { ObjectForm } from '../bytes/objectForm';
import { decodeSpan } from '../bytes/utf8Text';
import { rootCandidate, RootTally, type RootChoice } from '../speckle/rootChoice';
import { fileChunks } from './fileBytes';

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

export async function chooseFilesRoot(
  files: readonly FileToReread[],
  signal?: AbortSignal,
): Promise<RootChoice | null> {
  const tally = new RootTally();
  for (const { file, gzip, form, bytes } of files) {
    if (form === null) continue;
    const cutter = new ObjectCutter();
    let read = 0;
    try {
      // As far as the first read went: a file cut short breaks here again, a big one stops here.
      for await (const value of fileChunks(file, gzip, { keep: false, signal })) {
        const chunk = value.subarray(0, bytes - read);
        read += chunk.length;
        tallyLines(tally, cutter.push(chunk).lines);
        if (read >= bytes) break;
      }
    } catch {
      // The first read said what broke; the objects before it are counted.
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
