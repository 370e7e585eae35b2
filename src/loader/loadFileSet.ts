/**
 * Fills an ObjectSet from opened files, as loadObjectSet.ts does from a server: the same channel
 * to the indexing worker, the same indexer and the same set, so that everything the explorer does with a server's answer it does with
 * files. What each file held and every problem found are told beside the set; the root is chosen
 * once all are read (speckle/rootChoice.ts).
 */
import { ApiError, type ApiErrorContext } from '../api/apiError';
import { chooseRoot, rootCandidate, type RootChoice } from '../speckle/rootChoice';
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
    // The root is read from the objects' bytes, which the indexer may hold back until asked.
    if (!signal.aborted) read.root = await rootOf(set, read.files);
  } finally {
    signal.removeEventListener('abort', stop);
    await channel.stop();
  }
  return read;
}

async function rootOf(set: ObjectSet, files: readonly FileRead[]): Promise<RootChoice | null> {
  await set.wantBytes();
  const candidates = [];
  for (let index = 0; index < set.summaries.length; index += 1) {
    const { id, encoded } = set.summaries.at(index)!;
    candidates.push(rootCandidate(id, encoded));
  }
  const firstForm = files.find(({ objects }) => objects > 0)?.form;
  return chooseRoot(candidates, firstForm === 'json-array' || firstForm === 'id-lines');
}
