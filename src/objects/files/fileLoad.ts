/**
 * Reads opened files as streams and indexes them as a server's body is (bodyLoad.ts), in the realm
 * that runs it: no request is made, the bytes are the browser's already. Each file is cut into
 * objects in its own form (bytes/objectCutter.ts); the files follow one another as one body, so
 * that one ObjectSet holds them all and counts an object met twice as a duplicate.
 *
 * When no file is gzip, the bytes stay in the files: the page reads an object's text back from its
 * file when it needs it (objects/files/fileSource.ts), and the blocks come without their bytes, but for
 * those up to the end of the root's line, which the page shows at once. A gzip file's unpacked bytes
 * exist nowhere else: they come to the page as a server's body does (byteDeferral.ts).
 *
 * A gzip file is told by its first two bytes, not its name, and decompressed as it is read
 * (fileBytes.ts), as is a gzip body after the HTTP headers that `curl -i` saved before it. A file
 * too big for the page is refused from its size, before any of it is read; a gzip file's unpacked
 * size is known only as it is decompressed, and checked then.
 */
import { ObjectCutter } from '../../bytes/objectCutter';
import type { HttpHeaders, ObjectForm } from '../../bytes/objectForm';
import { bodyOf, fileChunks, filePacking } from './fileBytes';
import { rereadFiles, type FileToReread, type FilesReread } from './fileRoot';
import { blockReply, type BlockIndexer, type FromIndexer } from '../load/indexing';
import {
  brokenReadMessage,
  gzipAfterHeadersMessage,
  MAX_IN_FILES_BYTES,
  MAX_OPEN_BYTES,
  MAX_OPEN_OBJECTS,
  mixedFormsMessage,
  moreProblemsMessage,
  notGzipMessage,
  problemMessage,
  ProblemReporter,
  refusalMessage,
  tooBigMessage,
  tooManyObjectsMessage,
  unpacksTooBigMessage,
} from './fileMessages';
import { errorText } from '../../lib/errorText';

/** What one file held. */
export interface FileRead {
  name: string;
  /** Its size as stored (compressed, for gzip). */
  size: number;
  gzip: boolean;
  /** Null when the file was refused. */
  form: ObjectForm | null;
  objects: number;
  /** Its bytes as read (decompressed, for gzip). */
  bytes: number;
  complete: boolean;
  /** The message that says why the file was not read whole; null when it was. */
  incompleteBecause: string | null;
}

/** What a file load tells beside its blocks. */
export type FileNote =
  | { kind: 'file-read'; file: FileRead }
  /** Something wrong in a file, in a message that names it. */
  | { kind: 'file-problem'; message: string }
  /**
   * Which object to show as the root, and what else the second read of the files found
   * (fileRoot.ts), after `finished`.
   */
  | { kind: 'files-reread'; reread: FilesReread };

/**
 * Comes first when no file is gzip: every byte of the body stays in the files, at body offset
 * minus the offset of its file's first byte; a file's first byte follows the bytes read before it.
 */
export interface BytesInFiles {
  kind: 'bytes-in-files';
}

export type FromFileLoad = FileNote | BytesInFiles | FromIndexer;

type SendFileReply = (reply: FromFileLoad, transfer?: ArrayBuffer[]) => void;

/** A file as the browser gives it: a Blob with a name. */
export type OpenedFile = Blob & { readonly name: string };

interface FileLoadOptions {
  signal?: AbortSignal;
  /**
   * Called before reading when the files' bytes will come to the page (a gzip file among them):
   * then the reading allocates them all (the worker's garbage-collection ballast, gcBallast.ts).
   */
  beforeKeptBytes?: () => void;
}

export async function loadFiles(
  files: readonly OpenedFile[],
  indexer: BlockIndexer,
  send: SendFileReply,
  { signal, beforeKeptBytes }: FileLoadOptions = {},
): Promise<FileToReread[]> {
  const read: (FileRead & { file: Blob })[] = [];
  const packings = await Promise.all(files.map(filePacking));
  const inFiles = files.length > 0 && !packings.some(({ gzip }) => gzip);
  if (inFiles) send({ kind: 'bytes-in-files' });
  else beforeKeptBytes?.();
  const sendBlocks = inFiles ? rootBytesOnly(send) : send;
  let bodyStart = 0;
  let objectsBefore = 0;
  // Plain files' bytes stay in them; when any file is gzip, the page keeps every byte.
  const limit = inFiles ? MAX_IN_FILES_BYTES : MAX_OPEN_BYTES;
  for (const [index, file] of files.entries()) {
    if (signal?.aborted) break;
    const { gzip, headers } = packings[index]!;
    const body = bodyOf(file, packings[index]!);
    const opened = { file, body, gzip, headers, bodyStart, objectsBefore, limit, keep: !inFiles };
    const fileRead = await loadFile(opened, indexer, sendBlocks, signal);
    bodyStart += fileRead.bytes;
    objectsBefore += fileRead.objects;
    // Read again from its body: the headers read over are not read again.
    read.push({ ...fileRead, file: body });
    send({ kind: 'file-read', file: fileRead });
  }
  const mixed = mixedFormsMessage(
    read.flatMap(({ name, form }) => (form === null ? [] : [{ name, form }])),
  );
  if (mixed) send({ kind: 'file-problem', message: mixed });
  send({ kind: 'finished', complete: read.every(({ complete }) => complete) });
  return read;
}

/** Reads the files again once they are read (fileRoot.ts), and sends what it found after `finished`. */
export async function sendFilesReread(
  read: readonly FileToReread[],
  send: SendFileReply,
  signal?: AbortSignal,
): Promise<void> {
  if (signal?.aborted) return;
  // Whatever breaks this second read, the page still hears the end of it, and shows the first object.
  const reread = await rereadFiles(read, signal).catch(() => ({ root: null, problems: [] }));
  send({ kind: 'files-reread', reread });
}

/**
 * Sends the blocks on without their bytes (they stay in the file), but for those up to the end of
 * the root's line, copied: the buffer they are in is read into again.
 */
export function rootBytesOnly(send: SendFileReply): SendFileReply {
  let rootSent = false;
  return (reply, transfer = []) => {
    if (reply.kind !== 'block' || !reply.block.bytes) return send(reply, transfer);
    const { bytes, starts } = reply.block;
    const copy = rootSent ? null : bytes.slice();
    // The root is the first line: the block that ends a line has completed it.
    if (starts.length > 0) rootSent = true;
    const others = transfer.filter((buffer) => buffer !== bytes.buffer);
    send({ kind: 'block', block: { ...reply.block, bytes: copy } }, [
      ...others,
      ...(copy ? [copy.buffer] : []),
    ]);
  };
}

interface FileToLoad {
  file: OpenedFile;
  /** The part of it read: all of it, or the gzip body after its HTTP headers. */
  body: Blob;
  gzip: boolean;
  /** HTTP headers read over before a gzip body; null when there are none. */
  headers: HttpHeaders | null;
  /** The body offset of its first byte. */
  bodyStart: number;
  /** How many objects the files before it held. */
  objectsBefore: number;
  /** The most bytes the files may hold in all: MAX_IN_FILES_BYTES, or with a gzip MAX_OPEN_BYTES. */
  limit: number;
  /** Whether the page keeps the bytes sent: else they stay in the file. */
  keep: boolean;
}

async function loadFile(
  { file, body, gzip, headers, bodyStart, objectsBefore, limit, keep }: FileToLoad,
  indexer: BlockIndexer,
  send: SendFileReply,
  signal?: AbortSignal,
): Promise<FileRead> {
  const problem = (message: string) => send({ kind: 'file-problem', message });
  if (file.size > limit - bodyStart) {
    const message = tooBigMessage(file.name, file.size, bodyStart, limit);
    problem(message);
    const refused = { gzip: false, form: null, objects: 0, bytes: 0, complete: false };
    return { name: file.name, size: file.size, ...refused, incompleteBecause: message };
  }
  if (!gzip && /\.gz$/i.test(file.name)) problem(notGzipMessage(file.name));
  if (headers) problem(gzipAfterHeadersMessage(file.name, headers));
  const cutter = new ObjectCutter(bodyStart);
  const cutProblems = new ProblemReporter(file.name, problem);
  let bytes = 0;
  let broken: string | null = null;
  let atLimit = false;
  try {
    for await (const value of fileChunks(body, gzip, { keep, signal })) {
      if (bodyStart + bytes + value.length > limit) {
        broken = unpacksTooBigMessage(file.name, bytes);
        atLimit = true;
        break;
      }
      if (objectsBefore + cutter.objects >= MAX_OPEN_OBJECTS) {
        broken = tooManyObjectsMessage(file.name, bytes, MAX_OPEN_OBJECTS);
        atLimit = true;
        break;
      }
      bytes += value.length;
      const block = cutter.push(value);
      for (const cutProblem of block.problems) cutProblems.add(cutProblem);
      const { reply, transfer } = blockReply(indexer.index(block));
      send(reply, transfer);
      if (cutter.refused) break;
    }
  } catch (error) {
    const why = errorText(error);
    broken = brokenReadMessage(file.name, gzip, bytes, why);
  }
  cutProblems.end(moreProblemsMessage);
  if (broken) problem(broken);
  const end = cutter.finish();
  if (end.lines.length > 0) {
    const { reply, transfer } = blockReply(
      indexer.index({
        bytes: new Uint8Array(),
        offset: bodyStart + bytes,
        lines: end.lines,
        goodEnd: bodyStart + bytes,
        malformed: null,
        damaged: [],
      }),
    );
    send(reply, transfer);
  }
  // A read stopped at a limit reported it: the object it stopped in is not cut short in the file.
  const endProblems = atLimit
    ? []
    : end.problems.map((cutProblem) => problemMessage(file.name, cutProblem));
  const refusal = cutter.refused && refusalMessage(file.name, cutter.refused);
  for (const message of [...endProblems, refusal ?? []].flat()) problem(message);
  const complete = end.complete && broken === null && !signal?.aborted;
  return {
    name: file.name,
    size: file.size,
    gzip,
    form: cutter.form,
    objects: cutter.objects,
    bytes,
    complete,
    incompleteBecause: complete ? null : (refusal ?? broken ?? endProblems[0] ?? null),
  };
}
