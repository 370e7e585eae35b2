/**
 * Keeps a load's bytes out of every JavaScript heap until the page needs them. While a user only
 * watches a load, the page needs the index (ids, types, sizes: the list, the counts) and the root's
 * text, nothing else. Every buffer a heap holds counts towards its allocation limit, so a body
 * arriving chunk by chunk sets off major collection after collection of whichever heap keeps it.
 * The deferred bytes (those of a block sent without them) are posted, transferred, to a vault: a
 * message port whose other end the page has not started (objects/load/byteVault.ts). A message
 * waiting in a port's queue belongs to no heap, and outlives the worker that posted it
 * (docs/loading.md, point 3).
 *
 * Sent with their block: the bytes of every block up to and including the one that completes the
 * root's line (the page shows the root as soon as it can), and of every block once the page has
 * asked for the bytes (a reader that needs another object's text: the shown object, search, an
 * export). Any other block goes to the page with `bytes: null`, its bytes to the vault first: the
 * page can count on the vault for the bytes of every block it received without them.
 */
import type { SendReply } from './bodyLoad';

interface ByteDeferral {
  /** Sends a reply on, its block's bytes to the vault while the page has not asked for them. */
  send: SendReply;
  /** Sends every later block's bytes with it, and says so in a `released` reply. */
  release(): void;
}

export function deferBytes(send: SendReply, vault: (bytes: Uint8Array) => void): ByteDeferral {
  let rootSent = false;
  let released = false;
  return {
    send(reply, transfer = []) {
      if (reply.kind !== 'block') return send(reply, transfer);
      const { bytes, starts } = reply.block;
      if (rootSent && !released && bytes) {
        vault(bytes);
        reply = { kind: 'block', block: { ...reply.block, bytes: null } };
        transfer = transfer.filter((buffer) => buffer !== bytes.buffer);
      }
      // The root is the first line: the block that ends a line has completed it.
      if (starts.length > 0) rootSent = true;
      send(reply, transfer);
    },
    release() {
      released = true;
      send({ kind: 'released' });
    },
  };
}
