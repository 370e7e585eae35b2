/**
 * The byte store's worker (opfsByteStore.ts): appends a big load's held bytes to one file of the
 * Origin Private File System and reads ranges back. Only a worker may open a file's synchronous
 * access handle, whose writes and reads are plain calls at an offset, without a promise or a copy
 * through a stream each: appending a 64 kB chunk costs what copying it does.
 */
import type { FromSpillWorker, ToSpillWorker } from './spillMessages';
import { WaitingReads } from './storeReader';

/** The parts of a synchronous access handle this worker uses (lib.dom omits the worker's type). */
interface SyncHandle {
  write(bytes: Uint8Array, options: { at: number }): number;
  read(bytes: Uint8Array, options: { at: number }): number;
  flush(): void;
  close(): void;
}
type SyncFileHandle = FileSystemFileHandle & { createSyncAccessHandle(): Promise<SyncHandle> };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToSpillWorker>) => void) | null;
  postMessage(message: FromSpillWorker, transfer?: Transferable[]): void;
  close(): void;
};

let handle: SyncHandle | null = null;
let directory: FileSystemDirectoryHandle | null = null;
let fileName = '';
/** Messages that came before the file was open, handled once it is. */
let waiting: ToSpillWorker[] | null = [];
let failure: string | null = null;
let end = 0;
let partsStored = 0;
const storedWaits: { request: number; count: number }[] = [];
const readers = new Map<number, WaitingReads>();

scope.onmessage = (event) => {
  const message = event.data;
  if (message.kind === 'open') void open(message.directory, message.file);
  else if (waiting) waiting.push(message);
  else handleMessage(message);
};

async function open(directoryName: string, file: string): Promise<void> {
  try {
    const root = await navigator.storage.getDirectory();
    directory = await root.getDirectoryHandle(directoryName, { create: true });
    fileName = file;
    const fileHandle = (await directory.getFileHandle(file, { create: true })) as SyncFileHandle;
    handle = await fileHandle.createSyncAccessHandle();
  } catch (error) {
    fail(`The browser's storage could not be opened: ${String(error)}`);
  }
  const messages = waiting ?? [];
  waiting = null;
  messages.forEach(handleMessage);
}

function handleMessage(message: ToSpillWorker): void {
  switch (message.kind) {
    case 'port':
      message.port.onmessage = (event: MessageEvent<Uint8Array[]>) => append(event.data);
      return;
    case 'append':
      return append(message.parts);
    case 'stored':
      storedWaits.push(message);
      return answerStored();
    case 'read':
      return read(message.request, message.start, message.length);
    case 'reader':
      readers.set(message.reader, new WaitingReads(message.port, readStored));
      return;
    case 'drop-reader':
      readers.get(message.reader)?.close();
      readers.delete(message.reader);
      return;
    case 'release':
      return void release(message.request);
  }
}

function append(parts: readonly Uint8Array[]): void {
  for (const part of parts) {
    if (failure !== null || !handle) return;
    try {
      const written = handle.write(part, { at: end });
      if (written !== part.length) throw new Error(`wrote ${written} of ${part.length} bytes`);
    } catch (error) {
      // A full disk or quota ends the spill: what was stored stays readable.
      fail(`The browser's storage is full (${String(error)}).`);
      return;
    }
    end += part.length;
    partsStored += 1;
  }
  answerStored();
  for (const reader of readers.values()) reader.answer();
}

/** A reader's range once stored; null while it is not, an error when it never will be. */
function readStored(start: number, length: number): Uint8Array | null {
  if (failure !== null) throw new Error(failure);
  if (!handle) throw new Error('The browser’s storage was released.');
  return start + length > end ? null : readAt(handle, start, length);
}

/** The stored bytes of a range within the file; throws on a short read. */
function readAt(file: SyncHandle, start: number, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  const read = file.read(bytes, { at: start });
  if (read !== length) throw new Error(`Read ${read} of ${length} bytes.`);
  return bytes;
}

function answerStored(): void {
  for (const wait of storedWaits.filter(({ count }) => count <= partsStored)) {
    storedWaits.splice(storedWaits.indexOf(wait), 1);
    scope.postMessage({ kind: 'done', request: wait.request });
  }
}

function read(request: number, start: number, length: number): void {
  if (!handle || start < 0 || start + length > end) {
    scope.postMessage({
      kind: 'failed',
      request,
      message: `Bytes ${start}–${start + length} are not stored.`,
    });
    return;
  }
  try {
    const bytes = readAt(handle, start, length);
    scope.postMessage({ kind: 'done', request, bytes }, [bytes.buffer]);
  } catch (error) {
    scope.postMessage({ kind: 'failed', request, message: (error as Error).message });
  }
}

async function release(request: number): Promise<void> {
  handle?.close();
  handle = null;
  await directory?.removeEntry(fileName).catch(() => undefined);
  scope.postMessage({ kind: 'done', request });
  scope.close();
}

function fail(message: string): void {
  failure = message;
  scope.postMessage({ kind: 'failed', message });
  storedWaits.length = 0;
  for (const reader of readers.values()) reader.answer();
}
