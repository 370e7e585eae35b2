/**
 * Opened files as the source of their body's bytes (objects/files/fileLoad.ts): a plain file is read
 * again where the page needs its bytes, an object's text or a span for the search or an export,
 * instead of the page keeping a copy of all of it. The files follow one another as one body; a
 * file's first byte is at the body offset after the bytes read from the files before it, which the
 * loader says as each file ends (a file refused or cut short was read only in part).
 *
 * The browser reads a File from its place on disk: one changed, moved or deleted since it was
 * opened can no longer be read, and the read fails with a message that says so, never with other
 * bytes.
 */
import { StorageError, type ByteSource } from '../set/byteStore';
import { answerReads } from '../set/storeReader';
import { concatBytes } from '../../bytes/lines';
import { errorText } from '../../lib/errorText';

type NamedBlob = Blob & { readonly name: string };

export interface FileSource extends ByteSource {
  /** The file being read ended after `bytes` of it: the next file's bytes follow those. */
  fileEnded(bytes: number): void;
}

export function fileSource(files: readonly NamedBlob[]): FileSource {
  /** The body offset of each file's first byte, as far as known: the file being read is the last. */
  const starts = [0];
  let released = false;

  async function readFile(index: number, from: number, to: number): Promise<Uint8Array> {
    const file = files[index]!;
    try {
      return new Uint8Array(await file.slice(from, to).arrayBuffer());
    } catch (error) {
      const why = errorText(error);
      throw new StorageError(
        `${file.name} can no longer be read (${why}): it was changed, moved or deleted after it ` +
          'was opened. Open it again to read it.',
      );
    }
  }

  async function read(start: number, length: number): Promise<Uint8Array> {
    if (released) throw new StorageError('The opened files were closed.');
    const parts: Uint8Array[] = [];
    for (let at = 0; at < length;) {
      const offset = start + at;
      const index = fileAt(offset);
      const fileStart = starts[index]!;
      const fileEnd = starts[index + 1] ?? fileStart + (files[index]?.size ?? 0);
      if (index >= files.length || offset >= fileEnd) {
        throw new StorageError(`Bytes ${start}–${start + length} are not in the opened files.`);
      }
      const to = Math.min(fileEnd, start + length);
      const bytes = await readFile(index, offset - fileStart, to - fileStart);
      parts.push(bytes);
      at += bytes.length;
    }
    // A range in one file, nearly every read, is returned as the browser read it, not copied.
    return concatBytes(parts);
  }

  /** The index of the file that holds body offset `offset`. */
  function fileAt(offset: number): number {
    // The last that starts at or before it: an empty file starts where the next one does.
    let index = starts.length - 1;
    while (index > 0 && starts[index]! > offset) index -= 1;
    return index;
  }

  return {
    read,
    reader() {
      const { port1, port2 } = new MessageChannel();
      answerReads(port1, read);
      return { port: port2, close: () => port1.close() };
    },
    fileEnded(bytes) {
      starts.push(starts.at(-1)! + bytes);
    },
    release() {
      released = true;
      return Promise.resolve();
    },
  };
}
