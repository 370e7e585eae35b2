import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { loadFiles, type FromFileLoad } from '../../../../src/objects/files/fileLoad';
import { BlockIndexer } from '../../../../src/objects/load/indexing';

/** JSON lines past one read of a file (2 MiB). */
const LINES = Array.from({ length: 9000 }, (_, index) =>
  JSON.stringify({ id: `id${index}`, speckle_type: 'Padding', note: 'x'.repeat(300) }),
).join('\n');

async function load(...files: File[]) {
  const replies: FromFileLoad[] = [];
  const beforeKeptBytes = vi.fn();
  await loadFiles(files, new BlockIndexer(), (reply) => replies.push(reply), { beforeKeptBytes });
  const blocks = replies.flatMap((reply) => (reply.kind === 'block' ? [reply.block] : []));
  return { replies, blocks, beforeKeptBytes };
}

describe('loadFiles', () => {
  it('leaves plain files’ bytes in them: only the blocks up to the root’s line come with theirs', async () => {
    const { replies, blocks, beforeKeptBytes } = await load(new File([LINES], 'a.ndjson'));
    expect(replies[0]).toEqual({ kind: 'bytes-in-files' });
    expect(blocks.length).toBeGreaterThan(1);
    expect(blocks[0]!.bytes).not.toBeNull();
    expect(blocks.slice(1).every(({ bytes }) => bytes === null)).toBe(true);
    expect(beforeKeptBytes).not.toHaveBeenCalled();
  });

  it('sends every block with its bytes, and says so before reading, when a file is gzip', async () => {
    const { replies, blocks, beforeKeptBytes } = await load(
      new File([LINES], 'a.ndjson'),
      new File([gzipSync('{"id":"b"}\n')], 'b.ndjson.gz'),
    );
    expect(replies.some(({ kind }) => kind === 'bytes-in-files')).toBe(false);
    expect(blocks.every(({ bytes }) => bytes !== null)).toBe(true);
    expect(beforeKeptBytes).toHaveBeenCalledOnce();
  });
});
