/**
 * Keeps a load's bytes where they were read until the page needs them. While a user only watches
 * a load, the page needs the index (ids, types, sizes: the list, the counts) and the root's text,
 * nothing else. Every buffer the page receives counts towards its V8 heap's allocation limit:
 * 337 MB arriving chunk by chunk set off ten major collections of the page's heap in a traced
 * 100k load, each marking the page's DOM and JavaScript. Held here, they reach the page in one
 * reply at the end (docs/loading.md has the figures).
 *
 * Sent at once: every block up to and including the one that completes the root's line (the page
 * shows the root as soon as it can), and every block once the page has asked for the bytes (a
 * reader that needs another object's text: the shown object, search, an export). A held block
 * goes to the page with `bytes: null`; the held bytes follow, in order, in one `bytes` reply: when
 * the page asks, and before the load's end, however it ends.
 */
import type { SendReply } from './bodyLoad';

export interface ByteHold {
  /** Sends a reply on, holding back a block's bytes while the page has not asked for them. */
  send: SendReply;
  /** Sends the held bytes in a `bytes` reply (empty when none are held), and holds no more. */
  release(): void;
}

export function holdBytes(send: SendReply): ByteHold {
  let rootSent = false;
  let released = false;
  let held: Uint8Array[] = [];

  function release(): void {
    released = true;
    const parts = held;
    held = [];
    send(
      { kind: 'bytes', parts },
      parts.map(({ buffer }) => buffer as ArrayBuffer),
    );
  }

  return {
    send(reply, transfer = []) {
      if (reply.kind === 'finished' && held.length > 0) release();
      if (reply.kind !== 'block') return send(reply, transfer);
      const { bytes, starts } = reply.block;
      if (rootSent && !released && bytes) {
        held.push(bytes);
        reply = { kind: 'block', block: { ...reply.block, bytes: null } };
        transfer = transfer.filter((buffer) => buffer !== bytes.buffer);
      }
      // The root is the first line: the block that ends a line has completed it.
      if (starts.length > 0) rootSent = true;
      send(reply, transfer);
    },
    release,
  };
}
