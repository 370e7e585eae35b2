/**
 * The page's end of a load's byte vault (objects/load/byteDeferral.ts): the bytes of the blocks the indexer
 * sent without them, in the order it sent those blocks. A worker's vault is a message port the page
 * leaves unstarted until it wants the bytes, so that they wait outside every heap; the in-page
 * indexer (no Worker: jsdom, node) keeps them in an array.
 */
import type { ByteStore } from '../set/byteStore';

export interface ByteVault {
  /** Starts bringing the parts to the page as they come, ahead of `take`. */
  receive(): void;
  /** Takes the first `count` parts put, in order, once they are all here. */
  take(count: number): Promise<Uint8Array[]>;
  /** Drops whatever the vault holds, and whatever comes. */
  close(): void;
  /**
   * Sends every part, those put and those to come, to `store` instead (objects/spill/spillPlan.ts);
   * false, and nothing done, once the page has started receiving them.
   */
  spillTo(store: ByteStore): boolean;
}

export function portVault(port: MessagePort): ByteVault {
  const parts: Uint8Array[] = [];
  let wanted: { count: number; resolve(parts: Uint8Array[]): void } | null = null;
  const handOver = () => {
    if (!wanted || parts.length < wanted.count) return;
    wanted.resolve(parts.splice(0, wanted.count));
    wanted = null;
  };
  // Setting a handler starts the port: until then, its messages wait outside every heap.
  const receive = () => {
    // The worker posts the parts in batches (objects/load/replies/replyBatches.ts).
    port.onmessage ??= (event: MessageEvent<Uint8Array[]>) => {
      parts.push(...event.data);
      handOver();
    };
  };
  return {
    receive,
    spillTo(store) {
      if (port.onmessage) return false;
      // A port crosses with the messages waiting in it: the parts go from there to the store.
      store.appendFrom(port);
      return true;
    },
    take(count) {
      receive();
      return new Promise((resolve) => {
        wanted = { count, resolve };
        handOver();
      });
    },
    close: () => port.close(),
  };
}

export function arrayVault(): ByteVault & { put(bytes: Uint8Array): void } {
  let parts: Uint8Array[] = [];
  let spill: ByteStore | null = null;
  return {
    put(bytes) {
      if (spill) spill.append([bytes]);
      else parts.push(bytes);
    },
    spillTo(store) {
      spill = store;
      store.append(parts.splice(0));
      return true;
    },
    receive: () => undefined,
    take: (count) => Promise.resolve(parts.splice(0, count)),
    close: () => (parts = []),
  };
}
