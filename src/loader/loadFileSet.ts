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
import { openIndexChannel, type IndexChannel } from './indexChannel';

export interface FilesRead {
  files: FileRead[];
  /** Every problem found, each naming its file and place. */
  problems: string[];
}

export interface FileSetLoad {
  set: ObjectSet;
  /** Resolves once every file is read (or the set's load is cancelled). */
  read: Promise<FilesRead>;
  /**
   * Resolves after `read`, once the files were read again to choose it (fileRoot.ts) and its text
   * can be read; null when no object was read or the load stopped first.
   */
  root: Promise<RootChoice | null>;
}

/** Files have no server: errors carry an empty address. */
const NO_SERVER: ApiErrorContext = { base: '', projectId: '', objectId: '', hadToken: false };

export function loadFileSet(files: readonly OpenedFile[]): FileSetLoad {
  const set = new ObjectSet();
  const { signal } = set;
  const read: FilesRead = { files: [], problems: [] };
  let noteRoot: (root: RootChoice | null) => void = () => undefined;
  const noted = new Promise<RootChoice | null>((resolve) => (noteRoot = resolve));
  const channel = openIndexChannel(
    {
      appendBlock: (block) => set.appendBlock(block),
      receiveBytes: (parts) => set.receiveBytes(parts),
      spillTo: (source, where) => set.spillTo(source, where),
      noteFile(note) {
        if (note.kind === 'file-read') read.files.push(note.file);
        else if (note.kind === 'file-root') noteRoot(note.root);
        else read.problems.push(note.message);
      },
    },
    signal,
  );
  set.askForBytesWith(() => channel.release());
  const stop = () => {
    noteRoot(null);
    void channel.stop();
  };
  signal.addEventListener('abort', stop);
  const finished = readInto(set, channel, files, read);
  // The worker goes on to choose the root once the files are read: it is stopped after that.
  const root = finished.then(async (ended) => {
    if (!ended) noteRoot(null);
    const choice = await noted;
    // The page reads the first object's text as soon as it comes, any other's once asked for.
    if (choice && choice.id !== set.summaries.at(0)?.id && !signal.aborted) await set.wantBytes();
    signal.removeEventListener('abort', stop);
    await channel.stop();
    return signal.aborted ? null : choice;
  });
  return { set, read: finished.then(() => read), root };
}

/** Reads the files into the set; resolves with whether the channel ended, not stopped first. */
async function readInto(
  set: ObjectSet,
  channel: IndexChannel,
  files: readonly OpenedFile[],
  read: FilesRead,
): Promise<boolean> {
  channel.openFiles(files);
  const end = await channel.finished;
  if (set.signal.aborted) set.fail(new ApiError('cancelled', NO_SERVER));
  else if (end?.complete) set.finish();
  else {
    const why = read.files.find(({ incompleteBecause }) => incompleteBecause)?.incompleteBecause;
    set.fail(new ApiError('truncated', NO_SERVER, why ?? end?.broken));
  }
  return end !== null;
}
