// The File System Access API's save dialog, as the export tests stand it in for the browser's.
import { vi } from 'vitest';

/** A FileSystemWritableFileStream that keeps what it is given and notes overlapping writes. */
export class FakeWritable {
  chunks: Uint8Array[] = [];
  bytes = 0;
  keepChunks = true;
  pending = 0;
  mostPending = 0;
  closed = false;
  aborted = false;

  async write(data: Uint8Array): Promise<void> {
    this.pending += 1;
    this.mostPending = Math.max(this.mostPending, this.pending);
    // A disk write takes a while: the next one must wait for it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.bytes += data.byteLength;
    if (this.keepChunks) this.chunks.push(data);
    this.pending -= 1;
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  async abort(): Promise<void> {
    this.aborted = true;
  }

  contents(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

export function installPicker(answer: () => Promise<unknown>) {
  const picker = vi.fn(answer);
  Object.defineProperty(window, 'showSaveFilePicker', { value: picker, configurable: true });
  return picker;
}

export function pickerChoosing(writable: FakeWritable) {
  return installPicker(async () => ({ createWritable: async () => writable }));
}
