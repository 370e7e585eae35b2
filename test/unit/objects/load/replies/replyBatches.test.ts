import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FromLoad } from '../../../../../src/objects/load/bodyLoad';
import type { IndexedBlock } from '../../../../../src/objects/set/indexedBlock';
import {
  BATCH_WINDOW_MS,
  batchReplies,
} from '../../../../../src/objects/load/replies/replyBatches';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A block reply whose index lives in `buffer`, as the indexer transfers it. */
const blockReply = (offset: number): FromLoad => ({
  kind: 'block',
  block: { offset } as IndexedBlock,
});

/** The batcher, and every post it made, replies and parts in one sequence. */
function batching() {
  const posts: (
    | { to: 'page'; replies: FromLoad[]; transfer: ArrayBuffer[] }
    | { to: 'vault'; parts: Uint8Array[] }
  )[] = [];
  const batches = batchReplies(
    (replies, transfer) => posts.push({ to: 'page', replies, transfer }),
    (parts) => posts.push({ to: 'vault', parts }),
  );
  const offsets = () =>
    posts.map((post) =>
      post.to === 'vault'
        ? `vault ${post.parts.map((part) => part[0]).join(',')}`
        : post.replies.map((reply) => (reply.kind === 'block' ? reply.block.offset : reply.kind)),
    );
  return { batches, posts, offsets };
}

describe('batchReplies', () => {
  it('posts a block at once after a quiet spell, and the blocks of its window together at its end', () => {
    const { batches, offsets } = batching();
    batches.send(blockReply(0));
    expect(offsets()).toEqual([[0]]);

    batches.send(blockReply(1));
    vi.advanceTimersByTime(BATCH_WINDOW_MS / 2);
    batches.send(blockReply(2));
    expect(offsets()).toEqual([[0]]);
    vi.advanceTimersByTime(BATCH_WINDOW_MS / 2);
    expect(offsets()).toEqual([[0], [1, 2]]);

    // The window that batch opened ends with nothing to post; the next block goes at once.
    vi.advanceTimersByTime(BATCH_WINDOW_MS);
    batches.send(blockReply(3));
    expect(offsets()).toEqual([[0], [1, 2], [3]]);
  });

  it('posts the waiting blocks at the next block once the window is over, though its timer has not run', () => {
    const { batches, offsets } = batching();
    batches.send(blockReply(0));
    batches.send(blockReply(1));
    // A busy worker: the clock moves on, the timer does not get its turn.
    vi.spyOn(performance, 'now').mockReturnValue(performance.now() + BATCH_WINDOW_MS);
    batches.send(blockReply(2));

    expect(offsets()).toEqual([[0], [1, 2]]);
  });

  it('posts any other reply at once, with the blocks before it', () => {
    const { batches, offsets } = batching();
    batches.send({ kind: 'opened', base: 'https://speckle.example', answered: [] });
    batches.send(blockReply(0));
    batches.send(blockReply(1));
    batches.send({ kind: 'finished', complete: true });

    expect(offsets()).toEqual([['opened'], [0], [1, 'finished']]);
    vi.runAllTimers();
    expect(offsets()).toHaveLength(3);
  });

  it('posts the vault parts of a batch before its replies, and transfers the replies’ buffers', () => {
    const { batches, posts, offsets } = batching();
    const buffers = [new ArrayBuffer(1), new ArrayBuffer(2), new ArrayBuffer(3)];
    batches.send(blockReply(0), [buffers[0]!]);
    batches.vault(new Uint8Array([1]));
    batches.send(blockReply(1), [buffers[1]!]);
    batches.vault(new Uint8Array([2]));
    batches.send(blockReply(2), [buffers[2]!]);
    vi.advanceTimersByTime(BATCH_WINDOW_MS);

    expect(offsets()).toEqual([[0], 'vault 1,2', [1, 2]]);
    expect(posts.flatMap((post) => (post.to === 'page' ? post.transfer : []))).toEqual(buffers);
  });
});
