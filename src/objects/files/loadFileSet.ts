/**
 * Fills an ObjectSet from opened files, as loadObjectSet.ts does from a server: the same channel
 * to the indexing worker, the same indexer and the same set, so that everything the explorer does with a server's answer it does with
 * files. What each file held, every problem found and the root chosen once all are read
 * (speckle/rootChoice.ts) are told beside the set.
 */
import { ApiError, type ApiErrorContext } from '../../api/apiError';
import { ObjectSet } from '../set/objectSet';
import type { FileRead, OpenedFile } from './fileLoad';
import type { FilesReread } from './fileRoot';
import { openIndexChannel, type IndexChannel } from '../load/indexChannel';

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
   * Resolves after `read`, once the files were read again to choose the root (fileRoot.ts) and its
   * text can be read; with no root when no object was read or the load stopped first.
   */
  reread: Promise<FilesReread>;
}

/** Files have no server: errors carry an empty address. */
const NO_SERVER: ApiErrorContext = { base: '', projectId: '', objectId: '', hadToken: false };

const NOT_REREAD: FilesReread = { root: null, problems: [] };

export function loadFileSet(files: readonly OpenedFile[]): FileSetLoad {
  const set = new ObjectSet();
  const { signal } = set;
  const read: FilesRead = { files: [], problems: [] };
  let noteReread: (reread: FilesReread) => void = () => undefined;
  const noted = new Promise<FilesReread>((resolve) => (noteReread = resolve));
  const channel = openIndexChannel(
    {
      appendBlock: (block) => set.appendBlock(block),
      receiveBytes: (parts) => set.receiveBytes(parts),
      spillTo: (source, where) => set.spillTo(source, where),
      noteFile(note) {
        if (note.kind === 'file-read') read.files.push(note.file);
        else if (note.kind === 'files-reread') noteReread(note.reread);
        else read.problems.push(note.message);
      },
    },
    signal,
  );
  set.askForBytesWith(() => channel.release());
  const stop = () => {
    noteReread(NOT_REREAD);
    void channel.stop();
  };
  signal.addEventListener('abort', stop);
  const finished = readInto(set, channel, files, read);
  // The worker goes on to choose the root once the files are read: it is stopped after that.
  const reread = finished.then(async (ended) => {
    if (!ended) noteReread(NOT_REREAD);
    const found = await noted;
    // The page reads the first object's text as soon as it comes, any other's once asked for.
    const { root } = found;
    if (root && root.id !== set.summaries.at(0)?.id && !signal.aborted) await set.wantBytes();
    signal.removeEventListener('abort', stop);
    await channel.stop();
    return signal.aborted ? NOT_REREAD : found;
  });
  return { set, read: finished.then(() => read), reread };
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
