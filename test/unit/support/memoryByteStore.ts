/** A byte store in memory, a list of blocks as the set keeps its own: the disk's stand-in in tests. */
import { copyRange, StorageError, type ByteStore } from '../../../src/objects/set/byteStore';
import { servePort, WaitingReads } from '../../../src/objects/set/storeReader';

export function memoryByteStore(): ByteStore {
  let blocks: Uint8Array[] = [];
  let offsets: number[] = [];
  let end = 0;
  const waits: { count: number; resolve(): void }[] = [];
  const readers: WaitingReads[] = [];
  let released = false;
  const readStored = (start: number, length: number) => {
    if (released)
      throw new StorageError(
        `Bytes ${start}–${start + length} are not stored: the store was released.`,
      );
    return start + length > end ? null : copyRange(blocks, offsets, start, length);
  };
  let nextRead = 0;
  const pageWaits = new Map<
    number,
    { resolve(bytes: Uint8Array): void; reject(error: Error): void }
  >();
  // The page's reads wait for bytes not stored yet, as the store on disk's do (spillWorker.ts).
  const pageReads = new WaitingReads((answer) => {
    const wait = pageWaits.get(answer.request)!;
    pageWaits.delete(answer.request);
    if (answer.bytes) wait.resolve(answer.bytes);
    else wait.reject(new StorageError(answer.message));
  }, readStored);
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
    pageReads.answer();
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
      if (start < 0) return Promise.reject(new StorageError(`Byte ${start} is not stored.`));
      return new Promise((resolve, reject) => {
        const request = (nextRead += 1);
        pageWaits.set(request, { resolve, reject });
        pageReads.add({ request, start, length });
      });
    },
    reader() {
      const { port1, port2 } = new MessageChannel();
      const waiting = servePort(port1, readStored);
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
      released = true;
      pageReads.answer();
      blocks = [];
      offsets = [];
      end = 0;
      return Promise.resolve();
    },
  };
}
