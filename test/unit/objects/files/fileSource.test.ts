import { describe, expect, it } from 'vitest';
import { fileSource } from '../../../../src/objects/files/fileSource';
import { readFromStorePort } from '../../../../src/objects/set/storeReader';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const file = (content: string, name: string) => new File([content], name);

describe('fileSource', () => {
  it('reads body offsets from the files laid end to end, across their edges', async () => {
    const source = fileSource([file('abcdef', 'one.json'), file('ghij', 'two.json')]);
    // While the first file is read, its bytes are all it knows.
    expect(text(await source.read(2, 3))).toBe('cde');
    source.fileEnded(6);
    expect(text(await source.read(4, 4))).toBe('efgh');
    source.fileEnded(4);
    expect(text(await source.read(0, 10))).toBe('abcdefghij');
    await expect(source.read(8, 3)).rejects.toThrow('Bytes 8–11 are not in the opened files.');
  });

  it('follows a file read only in part, and an empty or refused one, with the next', async () => {
    const source = fileSource([
      file('abc{not read}', 'cut.json'),
      file('', 'empty.json'),
      file('xyz', 'big.json'),
      file('123', 'last.json'),
    ]);
    source.fileEnded(3);
    source.fileEnded(0);
    // Refused before any of it was read: no body offset is its.
    source.fileEnded(0);
    expect(text(await source.read(0, 6))).toBe('abc123');
    expect(text(await source.read(3, 3))).toBe('123');
  });

  it('says which file can no longer be read, and why', async () => {
    const gone = {
      name: 'model.json',
      size: 10,
      slice: () => ({
        arrayBuffer: () => Promise.reject(new Error('The requested file could not be read')),
      }),
    } as unknown as File;
    await expect(fileSource([gone]).read(0, 4)).rejects.toThrow(
      'model.json can no longer be read (The requested file could not be read): it was changed, ' +
        'moved or deleted after it was opened. Open it again to read it.',
    );
  });

  it('answers a reader off the page through its port, failures included', async () => {
    const source = fileSource([file('abcdef', 'one.json')]);
    const read = readFromStorePort(source.reader().port);
    expect(text(await read(1, 4))).toBe('bcde');
    await expect(read(5, 4)).rejects.toThrow('Bytes 5–9 are not in the opened files.');
  });

  it('reads nothing once released', async () => {
    const source = fileSource([file('abcdef', 'one.json')]);
    await source.release();
    await expect(source.read(0, 1)).rejects.toThrow('The opened files were closed.');
  });
});
