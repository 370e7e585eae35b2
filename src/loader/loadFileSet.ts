/**
 * Fills an ObjectSet from opened files, as loadObjectSet.ts does from a server: the same channel
 * to the indexing worker, the same indexer and the same set, so that everything the explorer does with a server's answer it does with
 * files. What each file held, every problem found and the root chosen once all are read
 * (speckle/rootChoice.ts) are told beside the set.
 */
import { ApiError, type ApiErrorContext } from '../api/apiError';
import type { RootChoice } from '../speckle/rootChoice';
import { ObjectSet } from '../store/objectSet';
import type { FileRead, OpenedFile } from './fileLoad';
import { openIndexChannel } from './indexChannel';

export interface FilesRead {
  files: FileRead[];
  /** Every problem found, each naming its file and place. */
  problems: string[];
  /** Null when no object was read. */
  root: RootChoice | null;
}

export interface FileSetLoad {
  set: ObjectSet;
  /** Resolves once every file is read (or the set's load is cancelled). */
  read: Promise<FilesRead>;
}

/** Files have no server: errors carry an empty address. */
const NO_SERVER: ApiErrorContext = { base: '', projectId: '', objectId: '', hadToken: false };

export function loadFileSet(files: readonly OpenedFile[]): FileSetLoad {
  const set = new ObjectSet();
  return { set, read: readInto(set, files) };
}

async function readInto(set: ObjectSet, files: readonly OpenedFile[]): Promise<FilesRead> {
  const { signal } = set;
  const read: FilesRead = { files: [], problems: [], root: null };
  const channel = openIndexChannel(
    {
      appendBlock: (block) => set.appendBlock(block),
      receiveBytes: (parts) => set.receiveBytes(parts),
      noteFile(note) {
        if (note.kind === 'file-read') read.files.push(note.file);
        else if (note.kind === 'file-root') read.root = note.root;
        else read.problems.push(note.message);
      },
    },
    signal,
  );
  set.askForBytesWith(() => channel.release());
  const stop = () => void channel.stop();
  signal.addEventListener('abort', stop);
  try {
    channel.openFiles(files);
    const end = await channel.finished;
    if (signal.aborted) set.fail(new ApiError('cancelled', NO_SERVER));
    else if (end?.complete) set.finish();
    else {
      const why = read.files.find(({ incompleteBecause }) => incompleteBecause)?.incompleteBecause;
      set.fail(new ApiError('truncated', NO_SERVER, why ?? end?.broken));
    }
    // The page reads the first object's text as soon as it comes, any other's once asked for.
    const first = set.summaries.at(0)?.id;
    if (!signal.aborted && read.root && read.root.id !== first) await set.wantBytes();
  } finally {
    signal.removeEventListener('abort', stop);
    await channel.stop();
  }
  return read;
}
