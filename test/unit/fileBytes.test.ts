import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fileStream, openFileBytes } from '../../src/loader/fileBytes';

const SLICING = { bytes: 1000, ahead: 3 };

function bytesOf(length: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index += 1) bytes[index] = (index * 7) % 251;
  return bytes;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** A file whose slice reads resolve only when the test says so, each noted as it starts. */
function slowFile(size: number) {
  const blob = new Blob([bytesOf(size)]);
  const started: { from: number; to: number; finish: () => void }[] = [];
  const file = {
    size,
    slice(from: number, to: number) {
      return {
        arrayBuffer: () =>
          new Promise<ArrayBuffer>((resolve) =>
            started.push({
              from,
              to,
              finish: () => void blob.slice(from, to).arrayBuffer().then(resolve),
            }),
          ),
      };
    },
  } as unknown as Blob;
  return { file, started };
}

describe('fileStream of a plain file', () => {
  it('gives the file whole, in slices of the size asked for', async () => {
    const bytes = bytesOf(4500);
    const chunks = await readAll(fileStream(new Blob([bytes]), false, SLICING));
    expect(chunks.map(({ length }) => length)).toEqual([1000, 1000, 1000, 1000, 500]);
    expect(Uint8Array.from(chunks.flatMap((chunk) => [...chunk]))).toEqual(bytes);
  });

  it('keeps reads going ahead of the slice being cut, and none past the end', async () => {
    const { file, started } = slowFile(4500);
    const reader = fileStream(file, false, SLICING).getReader();
    await Promise.resolve();
    // Before any slice is asked for, as many reads as allowed are under way.
    expect(started.map(({ from }) => from)).toEqual([0, 1000, 2000]);
    const first = reader.read();
    started[0]!.finish();
    expect((await first).value).toHaveLength(1000);
    // The slice handed on is being cut: the next read began as it was taken.
    expect(started.map(({ from }) => from)).toEqual([0, 1000, 2000, 3000]);
    const second = reader.read();
    started[1]!.finish();
    await second;
    expect(started.map(({ to }) => to)).toEqual([1000, 2000, 3000, 4000, 4500]);
    for (const read of started.slice(2)) read.finish();
    const rest: number[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      rest.push(next.value.length);
    }
    expect(rest).toEqual([1000, 1000, 500]);
    expect(started).toHaveLength(5);
  });

  it('starts no read once cancelled', async () => {
    const { file, started } = slowFile(10_000);
    const reader = fileStream(file, false, SLICING).getReader();
    await reader.cancel();
    expect(started).toHaveLength(3);
    expect(await reader.read()).toEqual({ done: true, value: undefined });
    expect(started).toHaveLength(3);
  });

  it('reports a read that fails when its slice comes, the slices before it given', async () => {
    const blob = new Blob([bytesOf(3000)]);
    const file = {
      size: 3000,
      slice: (from: number, to: number) =>
        from === 1000
          ? { arrayBuffer: () => Promise.reject(new Error('the file changed on disk')) }
          : blob.slice(from, to),
    } as unknown as Blob;
    const reader = fileStream(file, false, SLICING).getReader();
    expect((await reader.read()).value).toHaveLength(1000);
    await expect(reader.read()).rejects.toThrow('the file changed on disk');
  });
});

describe('openFileBytes', () => {
  it('tells gzip by the first bytes, and unpacks it', async () => {
    const text = '{"id":"a"}\n'.repeat(500);
    const packed = await openFileBytes(new Blob([gzipSync(text)]), SLICING);
    expect(packed.gzip).toBe(true);
    const chunks = await readAll(packed.stream);
    expect(new TextDecoder().decode(Uint8Array.from(chunks.flatMap((chunk) => [...chunk])))).toBe(
      text,
    );
    const plain = await openFileBytes(new Blob([text]), SLICING);
    expect(plain.gzip).toBe(false);
    expect((await readAll(plain.stream)).map(({ length }) => length)).toEqual([
      1000, 1000, 1000, 1000, 1000, 500,
    ]);
  });

  it('reads the first slices while the first bytes are looked at', async () => {
    const { file, started } = slowFile(4500);
    const opening = openFileBytes(file, SLICING);
    expect(started.map(({ from, to }) => [from, to])).toEqual([
      [0, 1000],
      [1000, 2000],
      [2000, 3000],
      [0, 2],
    ]);
    started[3]!.finish();
    expect((await opening).gzip).toBe(false);
  });
});
