/**
 * The byte store on disk: one file of the Origin Private File System per load, in this tab's
 * directory (spillDirectory.ts), written and read by a worker of its own (spillWorker.ts). The page
 * keeps only where each object's text is; reading one back is a message and a read at an offset.
 */
import { StorageError, type ByteStore } from '../set/byteStore';
import type { FromSpillWorker, ToSpillWorker } from './spillMessages';

type Request = ToSpillWorker & { request: number };
type Ask = Request extends infer R ? (R extends Request ? Omit<R, 'request'> : never) : never;

interface Pending {
  stored: boolean;
  resolve(bytes: Uint8Array | undefined): void;
  reject(error: StorageError): void;
}

/**
 * `expectedBytes`: how many bytes are expected, so that their segments open first
 * (segmentedFile.ts); `segmentBytes`: the segments' size, when not the default.
 */
export function opfsByteStore(
  directory: Promise<string>,
  file: string,
  expectedBytes: number,
  segmentBytes?: number,
): ByteStore {
  const worker = new Worker(new URL('./spillWorker.ts', import.meta.url), {
    type: 'module',
    name: 'byte store',
  });
  const pending = new Map<number, Pending>();
  let nextRequest = 0;
  /** The readers handed out so far, each by its number. */
  let readers = 0;
  let failure: StorageError | null = null;
  let released = false;
  const post = (message: ToSpillWorker, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  const failAll = (error: StorageError, onlyStored: boolean) => {
    for (const [request, wait] of pending) {
      if (onlyStored && !wait.stored) continue;
      pending.delete(request);
      wait.reject(error);
    }
  };
  worker.onmessage = ({ data }: MessageEvent<FromSpillWorker>) => {
    if (data.kind === 'full') {
      failure = new StorageError(data.message, data.storedBytes);
      failAll(failure, true);
      return;
    }
    const wait = pending.get(data.request);
    pending.delete(data.request);
    if (data.kind === 'done') wait?.resolve(data.bytes);
    else wait?.reject(new StorageError(data.message));
  };
  const broken = (why: string) => {
    failure = new StorageError(why);
    failAll(failure, false);
  };
  worker.onerror = () => broken('The byte store stopped.');
  const ask = (message: Ask) =>
    new Promise<Uint8Array | undefined>((resolve, reject) => {
      if (released) return reject(new StorageError('Nothing is stored: the store was released.'));
      if (failure && message.kind === 'stored') return reject(failure);
      const request = (nextRequest += 1);
      pending.set(request, { stored: message.kind === 'stored', resolve, reject });
      post({ ...message, request } as Request);
    });
  // Messages before this one wait in the worker until the file is open.
  void directory.then(
    (name) => post({ kind: 'open', directory: name, file, expectedBytes, segmentBytes }),
    () => broken('This tab could not take a directory in the browser’s storage.'),
  );
  return {
    appendFrom: (port) => post({ kind: 'port', port }, [port]),
    append: (parts) => post({ kind: 'append', parts: [...parts] }),
    stored: async (count) => void (await ask({ kind: 'stored', count })),
    read: async (start, length) => (await ask({ kind: 'read', start, length }))!,
    reader() {
      const { port1, port2 } = new MessageChannel();
      const reader = (readers += 1);
      post({ kind: 'reader', reader, port: port1 }, [port1]);
      return { port: port2, close: () => post({ kind: 'drop-reader', reader }) };
    },
    async release() {
      await ask({ kind: 'release' }).catch(() => undefined);
      released = true;
      worker.terminate();
    },
  };
}
