import { describe, expect, it } from 'vitest';
import { arrayVault, portVault } from '../../../../src/objects/load/byteVault';
import type { ByteStore } from '../../../../src/objects/set/byteStore';
import { memoryByteStore } from '../../support/memoryByteStore';

const part = (...bytes: number[]) => new Uint8Array(bytes);

/** A port vault, and its other end as the indexing worker has it. */
function ports() {
  const { port1, port2 } = new MessageChannel();
  /** Posts the parts in one batch, as the worker does. */
  const put = (...parts: Uint8Array[]) =>
    port2.postMessage(
      parts,
      parts.map(({ buffer }) => buffer),
    );
  /**
   * Resolves once the vault's port has delivered `count` more batches. Listeners run in the order
   * they were added, so the vault, which started the port, has handled each batch by then.
   */
  const delivered = (count: number) =>
    new Promise<void>((resolve) => {
      let left = count;
      const onMessage = () => {
        left -= 1;
        if (left > 0) return;
        port1.removeEventListener('message', onMessage);
        resolve();
      };
      port1.addEventListener('message', onMessage);
    });
  return { vault: portVault(port1), put, delivered };
}

describe('portVault', () => {
  it('hands over the parts put before it was asked, in order, transferred', async () => {
    const { vault, put } = ports();
    const first = part(1, 2);
    put(first, part(3));
    put(part(4));

    const parts = await vault.take(3);

    expect(parts.map((bytes) => [...bytes])).toEqual([[1, 2], [3], [4]]);
    expect(first.length).toBe(0);
    vault.close();
  });

  it('waits until as many parts as asked for are here', async () => {
    const { vault, put, delivered } = ports();
    put(part(1));
    let taken: Uint8Array[] | null = null;

    const taking = vault.take(2).then((parts) => (taken = parts));
    await delivered(1);
    expect(taken).toBeNull();
    put(part(2));
    await taking;

    expect(taken!.map((bytes) => [...bytes])).toEqual([[1], [2]]);
    vault.close();
  });

  it('brings the parts to the page as they come once told to receive, before they are taken', async () => {
    const { vault, put, delivered } = ports();
    put(part(1));
    put(part(2));

    vault.receive();
    await delivered(2);
    // A closed port drops what it has not delivered: these were delivered.
    vault.close();

    expect((await vault.take(2)).map((bytes) => [...bytes])).toEqual([[1], [2]]);
  });

  it('takes each part once, and keeps those it was not asked for', async () => {
    const { vault, put } = ports();
    put(part(1));
    put(part(2));

    expect(await vault.take(0)).toEqual([]);
    expect((await vault.take(1)).map((bytes) => [...bytes])).toEqual([[1]]);
    expect((await vault.take(1)).map((bytes) => [...bytes])).toEqual([[2]]);
    vault.close();
  });
});

describe('arrayVault', () => {
  it('takes the parts put, in order, each once', async () => {
    const vault = arrayVault();
    vault.put(part(1));
    vault.put(part(2));
    vault.put(part(3));

    expect((await vault.take(2)).map((bytes) => [...bytes])).toEqual([[1], [2]]);
    vault.close();
    expect(await vault.take(1)).toEqual([]);
  });
});

describe('a vault spilled to a store', () => {
  const stored = async (store: ByteStore, length: number) => [...(await store.read(0, length))];

  it('sends the parts waiting in its port, and those to come, to the store', async () => {
    const { vault, put } = ports();
    const store = memoryByteStore();
    put(part(1, 2));

    expect(vault.spillTo(store)).toBe(true);
    put(part(3));

    await store.stored(2);
    expect(await stored(store, 3)).toEqual([1, 2, 3]);
  });

  it('refuses once the page receives the parts: they are the page’s then', () => {
    const { vault } = ports();
    vault.receive();

    expect(vault.spillTo(memoryByteStore())).toBe(false);
  });

  it('in the page, sends the parts put and those to come to the store', async () => {
    const vault = arrayVault();
    const store = memoryByteStore();
    vault.put(part(1));

    vault.spillTo(store);
    vault.put(part(2, 3));

    await store.stored(2);
    expect(await stored(store, 3)).toEqual([1, 2, 3]);
  });
});
