/**
 * Saves an export of any size. Where the File System Access API exists (Chromium), the file is
 * chosen in a save dialog and written to disk batch by batch, each write awaited, so memory stays
 * flat whatever the size. Elsewhere the batches become a Blob (which browsers may keep on disk) and
 * a download. Either way no string longer than a batch is built.
 *
 * `showSaveFilePicker` refuses to open unless a click has just happened: startSave must run in the
 * click handler before anything is awaited. The parts can then take their time.
 */
import { nextTask } from '../../lib/nextTask';
import { downloadBlob } from './download';
import { isHighSurrogate, type TextParts } from './parts';

interface SaveRequest {
  fileName: string;
  mimeType: string;
  /** The file type as the save dialog lists it. */
  description: string;
}

export interface WriteOptions {
  /** Aborting stops the save; a file being written is discarded. */
  signal?: AbortSignal;
  /** Called after each batch with the UTF-8 bytes written so far. */
  onProgress?: (bytes: number) => void;
}

type SaveMethod = 'picker' | 'download';

export interface SaveOutcome {
  /** 'cancelled': the dialog was dismissed or the signal aborted; no file is left behind. */
  status: 'saved' | 'cancelled';
  method: SaveMethod;
  bytes: number;
}

interface SaveSink {
  readonly method: SaveMethod;
  /** Writes the parts once. Rejects when a part cannot be made or the disk write fails. */
  write(parts: TextParts, options?: WriteOptions): Promise<SaveOutcome>;
}

/** About 1 MB of text per write. */
export const BATCH_CHARS = 1 << 20;
// Long enough to keep writes efficient, short enough that the page keeps answering clicks.
const MAX_BUSY_MS = 50;

interface SaveFilePickerOptions {
  suggestedName: string;
  startIn: 'downloads';
  types?: { description: string; accept: Record<string, string[]> }[];
}

type PickerWindow = Window & {
  showSaveFilePicker?: (options: SaveFilePickerOptions) => Promise<FileSystemFileHandle>;
};

/** Call synchronously at the start of a click handler: it may open the save dialog at once. */
export function startSave(request: SaveRequest): SaveSink {
  const pickerWindow = window as PickerWindow;
  if (typeof pickerWindow.showSaveFilePicker !== 'function') return blobSink(request);
  const answer = pickerAnswer(() => pickerWindow.showSaveFilePicker!(pickerOptions(request)));
  return {
    method: 'picker',
    async write(parts, options = {}) {
      const file = await answer;
      if (file === 'cancelled') return { status: 'cancelled', method: 'picker', bytes: 0 };
      // The dialog was refused (no fresh click, a blocked location, no dialog to show): a
      // download still works.
      if (file === 'refused') return blobSink(request).write(parts, options);
      if (options.signal?.aborted) return { status: 'cancelled', method: 'picker', bytes: 0 };
      return writeToFile(await file.createWritable(), parts, options);
    },
  };
}

/**
 * A dialog the user dismissed and a dialog the browser never showed both reject with the same
 * AbortError, message included ("The user aborted a request.": headless Chromium, for one, refuses
 * so ~20 ms after the click, measured). Only the user's cancel must stay a cancel; so an AbortError
 * counts as one only when a dialog can have been seen: the page lost focus to it, or the answer
 * took longer than anyone takes to see a dialog and dismiss it. A cancel faster than that saves the
 * file after all, which is the lesser mistake: the other way round, nothing can be saved at all.
 */
export const SEEN_DIALOG_MS = 300;

function pickerAnswer(
  showPicker: () => Promise<FileSystemFileHandle>,
): Promise<FileSystemFileHandle | 'cancelled' | 'refused'> {
  const askedAt = performance.now();
  let focusLost = false;
  const onBlur = () => (focusLost = true);
  window.addEventListener('blur', onBlur);
  let chosen: Promise<FileSystemFileHandle>;
  try {
    chosen = showPicker();
  } catch (error) {
    chosen = Promise.reject(error);
  }
  // Settled here, as soon as the dialog answers, so that the time is the dialog's own; a rejection
  // is an answer, never an unhandled one.
  return chosen.then(
    (file) => {
      window.removeEventListener('blur', onBlur);
      return file;
    },
    (error: unknown) => {
      window.removeEventListener('blur', onBlur);
      const seen = focusLost || performance.now() - askedAt >= SEEN_DIALOG_MS;
      return isAbortError(error) && seen ? 'cancelled' : 'refused';
    },
  );
}

async function writeToFile(
  writable: FileSystemWritableFileStream,
  parts: TextParts,
  { signal, onProgress }: WriteOptions,
): Promise<SaveOutcome> {
  const encoder = new TextEncoder();
  let bytes = 0;
  let finished: boolean;
  try {
    finished = await eachBatch(parts, signal, async (batch) => {
      // Byte parts are a response's own buffers, never shared memory.
      const data =
        typeof batch === 'string' ? encoder.encode(batch) : (batch as Uint8Array<ArrayBuffer>);
      await writable.write(data);
      bytes += data.byteLength;
      onProgress?.(bytes);
    });
  } catch (error) {
    await writable.abort().catch(() => undefined);
    throw error;
  }
  if (!finished) {
    // Abort discards what was written instead of leaving half a file under the chosen name.
    await writable.abort();
    return { status: 'cancelled', method: 'picker', bytes };
  }
  await writable.close();
  return { status: 'saved', method: 'picker', bytes };
}

function blobSink({ fileName, mimeType }: SaveRequest): SaveSink {
  return {
    method: 'download',
    async write(parts, { signal, onProgress } = {}) {
      // One Blob per batch: the batch strings can be collected while the Blobs hold the bytes.
      const blobs: Blob[] = [];
      let bytes = 0;
      const finished = await eachBatch(parts, signal, (batch) => {
        const blob = new Blob([batch as string | Uint8Array<ArrayBuffer>]);
        blobs.push(blob);
        bytes += blob.size;
        onProgress?.(bytes);
      });
      if (!finished) return { status: 'cancelled', method: 'download', bytes };
      downloadBlob(new Blob(blobs, { type: mimeType }), fileName);
      return { status: 'saved', method: 'download', bytes };
    },
  };
}

/** Feeds the parts to `write` in batches of about BATCH_CHARS; false when the signal aborted. */
async function eachBatch(
  parts: TextParts,
  signal: AbortSignal | undefined,
  write: (batch: string | Uint8Array) => Promise<void> | void,
): Promise<boolean> {
  const batcher = new Batcher(BATCH_CHARS);
  let lastPause = performance.now();
  const writeBatch = async (batch: string | Uint8Array) => {
    await write(batch);
    if (performance.now() - lastPause > MAX_BUSY_MS) {
      await nextTask();
      lastPause = performance.now();
    }
  };
  for await (const part of parts) {
    if (signal?.aborted) return false;
    if (typeof part !== 'string') {
      // Bytes go out as they are, after the text gathered before them.
      const text = batcher.finish();
      if (text !== '') await writeBatch(text);
      await writeBatch(part);
      continue;
    }
    for (const batch of batcher.add(part)) {
      await writeBatch(batch);
      if (signal?.aborted) return false;
    }
  }
  if (signal?.aborted) return false;
  const last = batcher.finish();
  if (last !== '') await writeBatch(last);
  return true;
}

/**
 * Joins small parts and cuts long ones into batches of `limit` characters. A batch never ends in
 * the first half of a surrogate pair: encoded apart, each half would become U+FFFD.
 */
class Batcher {
  private pieces: string[] = [];
  private size = 0;
  private readonly limit: number;

  constructor(limit: number) {
    this.limit = Math.max(2, limit);
  }

  *add(part: string): Generator<string> {
    let rest = part;
    while (this.size + rest.length >= this.limit) {
      const room = this.limit - this.size;
      this.pieces.push(rest.slice(0, room));
      rest = rest.slice(room);
      yield this.take();
    }
    if (rest !== '') {
      this.pieces.push(rest);
      this.size += rest.length;
    }
  }

  finish(): string {
    const batch = this.pieces.join('');
    this.pieces = [];
    this.size = 0;
    return batch;
  }

  private take(): string {
    const batch = this.finish();
    if (!isHighSurrogate(batch.charCodeAt(batch.length - 1))) return batch;
    this.pieces.push(batch.slice(-1));
    this.size = 1;
    return batch.slice(0, -1);
  }
}

function pickerOptions({ fileName, mimeType, description }: SaveRequest): SaveFilePickerOptions {
  const dot = fileName.lastIndexOf('.');
  const options: SaveFilePickerOptions = { suggestedName: fileName, startIn: 'downloads' };
  if (dot > 0) {
    // The dialog takes a bare MIME type: `text/plain;charset=utf-8` would be refused.
    const essence = mimeType.split(';')[0]!.trim();
    options.types = [{ description, accept: { [essence]: [fileName.slice(dot)] } }];
  }
  return options;
}

function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'AbortError'
  );
}
