/**
 * Reading a byte store from off the page (docs/storage.md, search): the store hands out a port
 * (ByteStore.reader) on which a reader posts `{ request, start, length }` and gets each range
 * back, transferred. A read of bytes not stored yet waits for them, so a reader may follow a load
 * that is still appending.
 */
import { errorText } from '../../lib/errorText';

export interface StoreRead {
  request: number;
  /** Counted from the first byte stored. */
  start: number;
  length: number;
}

export type StoreReadAnswer =
  { request: number; bytes: Uint8Array } | { request: number; bytes?: undefined; message: string };

/**
 * A store's reader port, to hand to a worker, and how to let it go: a port cannot tell that the
 * worker holding its other end has ended, so the store would keep answering it for good.
 */
export interface StoreReader {
  port: MessagePort;
  close(): void;
}

/**
 * Reads to answer once their bytes are stored: a store's reader port (`servePort`), and the page's
 * own reads of a store on disk, which may ask for a text the loader has handed to the store a
 * moment before the store appended it.
 */
export class WaitingReads {
  private readonly waiting: StoreRead[] = [];

  constructor(
    private readonly post: (answer: StoreReadAnswer) => void,
    /** The bytes, or null while they are not all stored; throws when they never will be. */
    private readonly read: (start: number, length: number) => Uint8Array | null,
    private readonly onClose: () => void = () => undefined,
  ) {}

  add(read: StoreRead): void {
    this.waiting.push(read);
    this.answer();
  }

  /** Answers the reads whose bytes are stored now; call again after each append. */
  answer(): void {
    for (let index = 0; index < this.waiting.length;) {
      const { request, start, length } = this.waiting[index]!;
      let bytes: Uint8Array | null;
      try {
        bytes = this.read(start, length);
      } catch (error) {
        this.waiting.splice(index, 1);
        this.post({ request, message: errorText(error) });
        continue;
      }
      if (!bytes) {
        index += 1;
        continue;
      }
      this.waiting.splice(index, 1);
      this.post({ request, bytes });
    }
  }

  /** Answers nothing more: the reads still waiting are dropped. */
  close(): void {
    this.waiting.length = 0;
    this.onClose();
  }
}

/** Serves a reader's port from `read` (see WaitingReads); closing it closes the port too. */
export function servePort(
  port: MessagePort,
  read: (start: number, length: number) => Uint8Array | null,
): WaitingReads {
  const reads = new WaitingReads(
    (answer) => port.postMessage(answer, answer.bytes ? [answer.bytes.buffer] : []),
    read,
    () => port.close(),
  );
  port.onmessage = (event: MessageEvent<StoreRead>) => reads.add(event.data);
  return reads;
}

/** The reading end of a store's reader port: each range as a promise. */
export function readFromStorePort(
  port: MessagePort,
): (start: number, length: number) => Promise<Uint8Array> {
  const pending = new Map<
    number,
    { resolve(bytes: Uint8Array): void; reject(error: Error): void }
  >();
  let nextRequest = 0;
  port.onmessage = ({ data }: MessageEvent<StoreReadAnswer>) => {
    const wait = pending.get(data.request);
    pending.delete(data.request);
    if (data.bytes) wait?.resolve(data.bytes);
    else wait?.reject(new Error(data.message));
  };
  return (start, length) =>
    new Promise((resolve, reject) => {
      const request = (nextRequest += 1);
      pending.set(request, { resolve, reject });
      port.postMessage({ request, start, length } satisfies StoreRead);
    });
}

/** Answers a reader's port from `read`, which has every byte already (objects/files/fileSource.ts). */
export function answerReads(
  port: MessagePort,
  read: (start: number, length: number) => Promise<Uint8Array>,
): void {
  port.onmessage = ({ data: { request, start, length } }: MessageEvent<StoreRead>) =>
    void read(start, length).then(
      (bytes) => port.postMessage({ request, bytes } satisfies StoreReadAnswer, [bytes.buffer]),
      (error: unknown) =>
        port.postMessage({
          request,
          message: errorText(error),
        } satisfies StoreReadAnswer),
    );
}
