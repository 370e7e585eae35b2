/**
 * The byte store's worker (opfsByteStore.ts): appends a big load's deferred bytes to a file of the
 * Origin Private File System, in segments (segmentedFile.ts), and reads ranges back. Only a worker may open a file's synchronous
 * access handle, whose writes and reads are plain calls at an offset, without a promise or a copy
 * through a stream each: appending a 64 kB chunk costs what copying it does.
 */
import { errorText } from '../../lib/errorText';
import { SegmentedFile, type SyncHandle } from './segmentedFile';
import type { FromSpillWorker, ToSpillWorker } from './spillMessages';
import { servePort, WaitingReads } from '../set/storeReader';

type SyncFileHandle = FileSystemFileHandle & { createSyncAccessHandle(): Promise<SyncHandle> };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToSpillWorker>) => void) | null;
  postMessage(message: FromSpillWorker, transfer?: Transferable[]): void;
  close(): void;
};

let file: SegmentedFile | null = null;
let directory: FileSystemDirectoryHandle | null = null;
let fileName = '';
/** Messages that came before the file was open, handled once it is. */
let waiting: ToSpillWorker[] | null = [];
let failure: string | null = null;
let partsStored = 0;
/** The appends under way, in order: a part may wait for its segment to open. */
let appending = Promise.resolve();
const storedWaits: { request: number; count: number }[] = [];
const readers = new Map<number, WaitingReads>();
/**
 * The page's reads. The page learns where a text is as soon as the loader has handed its bytes
 * to this worker's port, and may ask for it (an object opened just as a load ends) before they
 * are appended: such a read waits for them, as a reader's does.
 */
const pageReads = new WaitingReads((answer) => {
  const { request } = answer;
  if (answer.bytes)
    scope.postMessage({ kind: 'done', request, bytes: answer.bytes }, [answer.bytes.buffer]);
  else scope.postMessage({ kind: 'failed', request, message: answer.message });
}, readStored);

scope.onmessage = (event) => {
  const message = event.data;
  if (message.kind === 'open') void open(message);
  else if (waiting) waiting.push(message);
  else handleMessage(message);
};

/**
 * How long a segment may take to open: milliseconds, on any machine. One that takes longer has hung
 * (docs/storage.md, "Segments"), and the spill fails, saying so, rather than hold the load for good.
 */
const OPEN_TIMEOUT_MS = 60_000;

function inTime<T>(opening: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not open in ${OPEN_TIMEOUT_MS / 1000} s`)),
      OPEN_TIMEOUT_MS,
    );
  });
  return Promise.race([opening, late]).finally(() => clearTimeout(timer));
}

async function open(opening: Extract<ToSpillWorker, { kind: 'open' }>): Promise<void> {
  const { directory: directoryName, file: name, expectedBytes, segmentBytes } = opening;
  try {
    const root = await navigator.storage.getDirectory();
    directory = await root.getDirectoryHandle(directoryName, { create: true });
    fileName = name;
    const segments = await directory.getDirectoryHandle(name, { create: true });
    file = await SegmentedFile.create(
      async (index) => {
        const segment = await segments.getFileHandle(String(index), { create: true });
        return inTime((segment as SyncFileHandle).createSyncAccessHandle(), `segment ${index}`);
      },
      segmentBytes,
      expectedBytes,
    );
  } catch (error) {
    fail(`it could not be opened (${errorText(error)})`);
  }
  const messages = waiting ?? [];
  waiting = null;
  messages.forEach(handleMessage);
}

function handleMessage(message: ToSpillWorker): void {
  switch (message.kind) {
    case 'port':
      message.port.onmessage = (event: MessageEvent<Uint8Array[]>) => queueAppend(event.data);
      return;
    case 'append':
      return queueAppend(message.parts);
    case 'stored':
      storedWaits.push(message);
      return answerStored();
    case 'read':
      return pageReads.add(message);
    case 'reader':
      readers.set(message.reader, servePort(message.port, readStored));
      return;
    case 'drop-reader':
      readers.get(message.reader)?.close();
      readers.delete(message.reader);
      return;
    case 'release':
      return void release(message.request);
  }
}

function queueAppend(parts: readonly Uint8Array[]): void {
  appending = appending.then(() => append(parts));
}

async function append(parts: readonly Uint8Array[]): Promise<void> {
  for (const part of parts) {
    if (failure !== null || !file) return;
    try {
      await file.append(part);
    } catch (error) {
      // A full disk or quota ends the spill: what was stored stays readable.
      fail(errorText(error));
      return;
    }
    partsStored += 1;
  }
  answerStored();
  answerReads();
}

function answerReads(): void {
  pageReads.answer();
  for (const reader of readers.values()) reader.answer();
}

/** A reader's range once stored; null while it is not, an error when it never will be. */
function readStored(start: number, length: number): Uint8Array | null {
  if (!file) throw new Error('The browser’s storage was released.');
  if (start + length <= file.end) return file.read(start, length);
  if (failure === null) return null;
  throw new Error(
    `Bytes ${start}–${start + length} were not kept: the browser's storage stopped keeping this model (${failure}).`,
  );
}

function answerStored(): void {
  for (const wait of storedWaits.filter(({ count }) => count <= partsStored)) {
    storedWaits.splice(storedWaits.indexOf(wait), 1);
    scope.postMessage({ kind: 'done', request: wait.request });
  }
}

async function release(request: number): Promise<void> {
  // The appends still queued stop at their next part.
  failure ??= 'The browser’s storage was released.';
  await appending;
  file?.close();
  file = null;
  answerReads();
  await directory?.removeEntry(fileName, { recursive: true }).catch(() => undefined);
  scope.postMessage({ kind: 'done', request });
  scope.close();
}

function fail(message: string): void {
  failure = message;
  scope.postMessage({ kind: 'full', message, storedBytes: file?.end ?? 0 });
  storedWaits.length = 0;
  answerReads();
}
