import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryByteStore } from '../../support/memoryByteStore';
import { readFromStorePort, servePort } from '../../../../src/objects/set/storeReader';

const ports: MessagePort[] = [];
afterEach(() => ports.splice(0).forEach((port) => port.close()));

describe('a store read from off the page', () => {
  it('answers a read of bytes not stored yet once they are', async () => {
    const store = memoryByteStore();
    const { port } = store.reader();
    ports.push(port);
    const read = readFromStorePort(port)(1, 3);
    store.append([new Uint8Array([10, 11, 12, 13, 14])]);
    expect([...(await read)]).toEqual([11, 12, 13]);
  });

  it('drops the reads still waiting when the reader is closed, and answers none later', async () => {
    const { port1, port2 } = new MessageChannel();
    ports.push(port2);
    let stored: Uint8Array | null = null;
    const read = vi.fn(
      (start: number, length: number) => stored?.slice(start, start + length) ?? null,
    );
    const waiting = servePort(port1, read);
    void readFromStorePort(port2)(0, 2);
    await vi.waitFor(() => expect(read).toHaveBeenCalledTimes(1));

    waiting.close();
    stored = new Uint8Array([1, 2, 3]);
    waiting.answer();
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe("the page's read of a store", () => {
  it('waits for bytes the loader handed over but the store has not appended yet', async () => {
    const store = memoryByteStore();
    store.append([new Uint8Array([1, 2])]);
    let answered = false;
    const read = store.read(1, 3).then((bytes) => {
      answered = true;
      return bytes;
    });
    await Promise.resolve();
    expect(answered).toBe(false);
    store.append([new Uint8Array([3, 4, 5])]);
    expect([...(await read)]).toEqual([2, 3, 4]);
  });
});
