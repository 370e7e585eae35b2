/** A byte store in memory, a list of blocks as the set keeps its own: the disk's stand-in in tests. */
import { copyRange, StorageError, type ByteStore } from '../../../src/objects/set/byteStore';
import { WaitingReads } from '../../../src/objects/set/storeReader';

export function memoryByteStore(): ByteStore {
  let blocks: Uint8Array[] = [];
  let offsets: number[] = [];
  let end = 0;
  const waits: { count: number; resolve(): void }[] = [];
  const readers: WaitingReads[] = [];
  const append = (parts: readonly Uint8Array[]) => {
    for (const part of parts) {
      blocks.push(part);
      offsets.push(end);
      end += part.length;
    }
    for (const wait of waits.filter(({ count }) => count <= blocks.length)) {
      waits.splice(waits.indexOf(wait), 1);
      wait.resolve();
    }
    for (const reader of readers) reader.answer();
  };
  return {
    append,
    appendFrom(port) {
      port.onmessage = (event: MessageEvent<Uint8Array[]>) => append(event.data);
    },
    stored: (count) =>
      count <= blocks.length
        ? Promise.resolve()
        : new Promise((resolve) => waits.push({ count, resolve })),
    read(start, length) {
      if (start < 0 || start + length > end) {
        return Promise.reject(new StorageError(`Bytes ${start}–${start + length} are not stored.`));
      }
      return Promise.resolve(copyRange(blocks, offsets, start, length));
    },
    reader() {
      const { port1, port2 } = new MessageChannel();
      const readStored = (start: number, length: number) =>
        start + length > end ? null : copyRange(blocks, offsets, start, length);
      const waiting = new WaitingReads(port1, readStored);
      readers.push(waiting);
      return {
        port: port2,
        close() {
          const index = readers.indexOf(waiting);
          if (index !== -1) readers.splice(index, 1);
          waiting.close();
        },
      };
    },
    release() {
      blocks = [];
      offsets = [];
      end = 0;
      return Promise.resolve();
    },
  };
}
