import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { loadFileSet } from '../../../../src/objects/files/loadFileSet';

// Limits of 200 kB (bytes kept in the page), 5 MB (plain files) and 30,000 objects here, for files
// of a few MB to pass them; the messages name the limits in force.
vi.mock('../../../../src/objects/files/fileMessages', async (original) => ({
  ...(await original<typeof import('../../../../src/objects/files/fileMessages')>()),
  MAX_OPEN_BYTES: 200_000,
  MAX_IN_FILES_BYTES: 5_000_000,
  MAX_OPEN_OBJECTS: 30_000,
}));

const id = (index: number) => String(index).padStart(32, '0');
/** Objects in the server's line form, 75 bytes each. */
const LINES = Array.from({ length: 80_000 }, (_, index) => `${id(index)}\t{"id":"${id(index)}"}\n`);
/** 375 kB. */
const SOME = LINES.slice(0, 5000).join('');

async function open(...files: File[]) {
  const { set, read, reread } = loadFileSet(files);
  return { set, ...(await read), root: (await reread).root };
}

describe('the limits of what the files opened together may hold', () => {
  it('refuses a plain file over the bytes plain files may hold, from its size, reading none of it', async () => {
    const { set, problems, files } = await open(new File([LINES.join('')], 'big.tsv'));
    expect(problems).toEqual([
      'big.tsv is 6.0 MB: more than one tab can hold (5.0 MB); it was not read.',
    ]);
    expect(files[0]).toMatchObject({ form: null, bytes: 0, complete: false });
    expect(set.getProgress()).toMatchObject({ status: 'failed', received: 0 });
  });

  it('holds a plain file to the smaller limit when a gzip file comes with it: all bytes are kept then', async () => {
    const small = new File([gzipSync(LINES.slice(0, 10).join(''))], 'small.tsv.gz');
    const { problems } = await open(small, new File([SOME], 'big.tsv'));
    expect(problems).toContain(
      'big.tsv is 375 kB, which with the 750 B of the files before it is more than one tab can hold (200 kB); it was not read.',
    );
  });

  it('stops the reading once the files pass the objects a tab may list, keeping those before', async () => {
    // Checked before each chunk (2 MiB, ~28,000 objects here) is read: the second file stops at its
    // second chunk.
    const first = new File([LINES.slice(0, 20_000).join('')], 'first.tsv');
    const second = new File([LINES.slice(20_000, 60_000).join('')], 'second.tsv');
    const { set, problems, files } = await open(first, second);
    expect(problems).toEqual([
      expect.stringMatching(
        /^The files hold more objects than one tab can list \(30,000\): the reading stopped at byte 2097152 of second\.tsv; the objects before are kept\.$/,
      ),
    ]);
    const { received, status } = set.getProgress();
    expect(status).toBe('incomplete');
    expect(received).toBe(20_000 + Math.floor(2 ** 21 / 75));
    expect(files.map(({ objects, complete }) => ({ objects, complete }))).toEqual([
      { objects: 20_000, complete: true },
      { objects: received - 20_000, complete: false },
    ]);
  });

  it('stops a gzip file when its unpacked bytes pass what the page may keep, keeping the objects before', async () => {
    const packed = gzipSync(SOME);
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
    expect(root?.id).toBe(id(0));
  });
});
