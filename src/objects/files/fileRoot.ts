/**
 * Chooses the root of opened files (speckle/rootChoice.ts) in a second read of them, once their
 * objects are listed. It needs what every object refers to, read from all of its text: while the
 * files are first read, that doubled the time to list them, and the worker keeps none of their
 * bytes. Reading a file again is the browser's quickest work (it is in the disk's cache), and this
 * reading is done in the indexing worker, like the first, once the page has drawn the end of that
 * one: on two cores it took the CPU from that drawing. The same read reports the lines of the
 * server's form whose JSON has another "id" than the line's, which the first read has no time for.
 */
import type { SplitLine } from '../../bytes/lines';
import { ObjectCutter, type CutProblem } from '../../bytes/objectCutter';
import type { ObjectForm } from '../../bytes/objectForm';
import { decodeSpan } from '../../bytes/utf8Text';
import { rootCandidate, RootTally, type RootChoice } from '../../speckle/rootChoice';
import { fileChunks } from './fileBytes';
import { moreOtherIdsMessage, ProblemReporter } from './fileMessages';

/** A file as its first read left it. */
export interface FileToReread {
  name: string;
  file: Blob;
  gzip: boolean;
  /** Null when the file was refused: it is not read again. */
  form: ObjectForm | null;
  objects: number;
  /** How many of its bytes (unpacked, for gzip) the first read took. */
  bytes: number;
}

export interface FilesReread {
  /** Null when no object was read. */
  root: RootChoice | null;
  /** What only this read looks for, each naming its file and line: lines listed under another id. */
  problems: string[];
}

export async function rereadFiles(
  files: readonly FileToReread[],
  signal?: AbortSignal,
): Promise<FilesReread> {
  const tally = new RootTally();
  const problems: string[] = [];
  for (const { name, file, gzip, form, bytes } of files) {
    if (form === null) continue;
    const cutter = new ObjectCutter(0, true);
    const otherIds = new ProblemReporter(name, (message) => problems.push(message));
    const take = (cut: { lines: readonly SplitLine[]; problems: readonly CutProblem[] }) => {
      tallyLines(tally, cut.lines);
      for (const problem of cut.problems) if (problem.otherId) otherIds.add(problem);
    };
    let read = 0;
    try {
      // As far as the first read went: a file cut short breaks here again, a big one stops here.
      for await (const value of fileChunks(file, gzip, { keep: false, signal })) {
        const chunk = value.subarray(0, bytes - read);
        read += chunk.length;
        take(cutter.push(chunk));
        if (read >= bytes) break;
      }
    } catch {
      // The first read reported what broke; the objects before it are counted.
    }
    take(cutter.finish());
    otherIds.end(moreOtherIdsMessage);
  }
  const firstForm = files.find(({ objects }) => objects > 0)?.form;
  return { root: tally.choose(firstForm === 'json-array' || firstForm === 'id-lines'), problems };
}

function tallyLines(tally: RootTally, lines: readonly SplitLine[]): void {
  for (const { idStart, idEnd, start, end, source, sourceOffset } of lines) {
    const id = decodeSpan(source, idStart - sourceOffset, idEnd - sourceOffset);
    tally.add(rootCandidate(id, source.subarray(start - sourceOffset, end - sourceOffset)));
  }
}
