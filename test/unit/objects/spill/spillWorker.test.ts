/**
 * The byte store's worker, run in node with the browser's private file system played by memory:
 * what it answers, in what order, whatever the order its messages come in.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FromSpillWorker, ToSpillWorker } from '../../../../src/objects/spill/spillMessages';
import type { SyncHandle } from '../../../../src/objects/spill/segmentedFile';

/** A segment file in memory, grown as it is written. */
function memoryHandle(): SyncHandle {
  let bytes = new Uint8Array(0);
  return {
    write(part, { at }) {
      if (at + part.length > bytes.length) {
        const grown = new Uint8Array(at + part.length);
        grown.set(bytes);
        bytes = grown;
      }
      bytes.set(part, at);
      return part.length;
    },
    read(into, { at }) {
      const piece = bytes.subarray(at, at + into.length);
      into.set(piece);
      return piece.length;
    },
    close: () => undefined,
  };
}

function memoryDirectory(): unknown {
  return {
    getDirectoryHandle: async () => memoryDirectory(),
    getFileHandle: async () => ({ createSyncAccessHandle: async () => memoryHandle() }),
    removeEntry: async () => undefined,
  };
}

let posted: FromSpillWorker[];
let send: (message: ToSpillWorker) => void;
const ports: MessagePort[] = [];

beforeEach(async () => {
  vi.resetModules();
  posted = [];
  const scope = {
    onmessage: null as ((event: { data: ToSpillWorker }) => void) | null,
    postMessage: (message: FromSpillWorker) => posted.push(message),
    close: () => undefined,
  };
  vi.stubGlobal('self', scope);
  vi.stubGlobal('navigator', { storage: { getDirectory: async () => memoryDirectory() } });
  await import('../../../../src/objects/spill/spillWorker');
  send = (message) => scope.onmessage!({ data: message });
});

afterEach(() => {
  ports.splice(0).forEach((port) => port.close());
  vi.unstubAllGlobals();
});

/** A store whose parts come through a port, as the loader's vault sends them. */
function openWithPort(): MessagePort {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  send({ kind: 'open', directory: 'tab', file: 'load', expectedBytes: 0 });
  send({ kind: 'port', port: port1 });
  return port2;
}

const answerTo = (request: number) =>
  posted.find((message) => 'request' in message && message.request === request);

describe('the byte store worker', () => {
  it('answers a read of bytes handed over but not appended yet once they are', async () => {
    const parts = openWithPort();
    send({ kind: 'read', request: 1, start: 1, length: 3 });
    // Every message handled, the file open: the read waits.
    await new Promise((resolve) => setImmediate(resolve));
    expect(answerTo(1)).toBeUndefined();

    parts.postMessage([new Uint8Array([10, 11]), new Uint8Array([12, 13, 14])]);

    await vi.waitFor(() => expect(answerTo(1)).toBeDefined());
    expect(answerTo(1)).toEqual({ kind: 'done', request: 1, bytes: new Uint8Array([11, 12, 13]) });
  });

  it('fails a read still waiting when the store is released', async () => {
    openWithPort();
    send({ kind: 'read', request: 1, start: 0, length: 3 });
    send({ kind: 'release', request: 2 });

    await vi.waitFor(() => expect(answerTo(2)).toEqual({ kind: 'done', request: 2 }));
    expect(answerTo(1)).toMatchObject({ kind: 'failed', message: /released/ });
  });
});
