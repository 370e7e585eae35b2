import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { loadFileSet } from '../../src/loader/loadFileSet';

// A limit of 200 kB here, for files of a few hundred kB to pass it; the messages name the real one.
vi.mock('../../src/loader/fileMessages', async (original) => ({
  ...(await original<typeof import('../../src/loader/fileMessages')>()),
  MAX_OPEN_BYTES: 200_000,
}));

const LINES = Array.from(
  { length: 5000 },
  (_, index) => `${String(index).padStart(32, '0')}\t{"id":"${String(index).padStart(32, '0')}"}\n`,
).join('');

async function open(file: File) {
  const { set, read, reread } = loadFileSet([file]);
  return { set, ...(await read), root: (await reread).root };
}

describe('the limit of what the files opened together may hold', () => {
  it('refuses a file over it from its size, reading none of it', async () => {
    const { set, problems, files } = await open(new File([LINES], 'big.tsv'));
    expect(problems).toEqual([
      expect.stringMatching(
        /^big\.tsv is 375 kB: more than one tab can hold \(.*\); it was not read\.$/,
      ),
    ]);
    expect(files[0]).toMatchObject({ form: null, bytes: 0, complete: false });
    expect(set.getProgress()).toMatchObject({ status: 'failed', received: 0 });
  });

  it('stops a gzip file when its unpacked bytes pass it, keeping the objects before', async () => {
    const packed = gzipSync(LINES);
    expect(packed.length).toBeLessThan(200_000);
    const { set, problems, files, root } = await open(new File([packed], 'big.tsv.gz'));
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^big\.tsv\.gz unpacks to more than one tab can hold .* at byte \d+; the objects before are kept\.$/,
      ),
    );
    const { received, status } = set.getProgress();
    expect(status).toBe('incomplete');
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(5000);
    expect(files[0]).toMatchObject({ gzip: true, complete: false, objects: received });
    expect(files[0]!.bytes).toBeLessThanOrEqual(200_000);
    expect(root?.id).toBe('0'.repeat(32));
  });
});
