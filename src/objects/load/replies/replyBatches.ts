/**
 * The indexing worker's posts, in batches. A 337 MB body comes in ~550 chunks, and each made a
 * reply to the page and a part for the vault: ~1,100 messages, each a task of the page's main
 * thread (a mojo message, a deserialisation, the scheduler's turn) and a post in the worker. The
 * page draws at most four times a second, so it loses nothing by getting the blocks in batches.
 *
 * A block goes at once when none went for a while (`BATCH_WINDOW_MS`); the blocks that follow it
 * within that window wait for its end and go together, at the next block or the window's timer,
 * whichever comes first. Any other reply (opened, refused, released, finished) goes at once with
 * whatever waits, so that the start and the end of a load are not held back. A batch's vault parts
 * are posted before its replies: the page can count on the vault for the bytes of every block it
 * received without them (objects/load/byteDeferral.ts).
 */
import type { FromLoad } from '../bodyLoad';

/**
 * A quarter of the page's drawing interval (four times a second), so a batch is never late for
 * much. A window of a frame (16 ms) made the load longer, one of 128 ms no shorter (measured by
 * turns with `npm run bench:compare`).
 */
export const BATCH_WINDOW_MS = 64;

interface ReplyBatches {
  send(reply: FromLoad, transfer?: ArrayBuffer[]): void;
  vault(bytes: Uint8Array): void;
}

export function batchReplies(
  postReplies: (replies: FromLoad[], transfer: ArrayBuffer[]) => void,
  postParts: (parts: Uint8Array[]) => void,
): ReplyBatches {
  let replies: FromLoad[] = [];
  let transfers: ArrayBuffer[] = [];
  let parts: Uint8Array[] = [];
  let windowStart = -Infinity;
  let windowEnd: ReturnType<typeof setTimeout> | null = null;

  function flush(): void {
    if (windowEnd !== null) clearTimeout(windowEnd);
    windowEnd = null;
    if (parts.length > 0) postParts(parts);
    if (replies.length > 0) postReplies(replies, transfers);
    parts = [];
    replies = [];
    transfers = [];
  }

  /** Posts the blocks that wait, and opens a window for those that follow. */
  function flushBlocks(): void {
    flush();
    windowStart = performance.now();
  }

  return {
    send(reply, transfer = []) {
      replies.push(reply);
      transfers.push(...transfer);
      const waited = performance.now() - windowStart;
      // A worker reading a stream that keeps up runs for a long while without letting a timer
      // fire: the window's end is then noticed here, at the next block.
      if (reply.kind !== 'block') flush();
      else if (waited >= BATCH_WINDOW_MS) flushBlocks();
      else windowEnd ??= setTimeout(flushBlocks, BATCH_WINDOW_MS - waited);
    },
    vault(bytes) {
      parts.push(bytes);
    },
  };
}
