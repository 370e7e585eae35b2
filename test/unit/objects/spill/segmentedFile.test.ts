import { describe, expect, it } from 'vitest';
import { SegmentedFile, type SyncHandle } from '../../../../src/objects/spill/segmentedFile';

const MiB = 1024 * 1024;
/** Where a file of Chromium's in-memory private file system (an off-the-record profile) stops. */
const IN_MEMORY_FILE_LIMIT = 2000 * MiB;
/** What its `write` returns past that: -8, Chromium's "no space" error, as an unsigned count. */
const NO_SPACE = 2 ** 32 - 8;

/**
 * An access handle of an off-the-record profile, without its memory: it keeps the arrays it is
 * given (the test appends the same few again and again), not copies.
 */
class InMemoryFile implements SyncHandle {
  readonly pieces: { at: number; bytes: Uint8Array }[] = [];
  size = 0;

  write(bytes: Uint8Array, { at }: { at: number }): number {
    if (at + bytes.length > IN_MEMORY_FILE_LIMIT) return NO_SPACE;
    this.pieces.push({ at, bytes });
    this.size = Math.max(this.size, at + bytes.length);
    return bytes.length;
  }

  read(bytes: Uint8Array, { at }: { at: number }): number {
    let done = 0;
    for (const piece of this.pieces) {
      const from = Math.max(at, piece.at);
      const to = Math.min(at + bytes.length, piece.at + piece.bytes.length);
      if (from >= to) continue;
      bytes.set(piece.bytes.subarray(from - piece.at, to - piece.at), from - at);
      done += to - from;
    }
    return done;
  }

  close(): void {}
}

/** Parts of 2 MiB (Chromium's network chunks when the reader lags), each filled with its number. */
const PART = 2 * MiB;
const parts = Array.from({ length: 7 }, (_, n) => new Uint8Array(PART).fill(n + 1));
const partAt = (index: number) => parts[index % parts.length]!;
/** The byte the test's body holds at `offset`. */
const byteAt = (offset: number) => (Math.floor(offset / PART) % parts.length) + 1;

async function appendParts(file: SegmentedFile, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) await file.append(partAt(index));
}

function segments() {
  const opened: InMemoryFile[] = [];
  const open = (index: number) => Promise.resolve((opened[index] ??= new InMemoryFile()));
  return { opened, open };
}

describe('the byte store’s file, in an off-the-record profile', () => {
  it('failed as one file at 2,000 MiB, as the million-object load did', async () => {
    const { open } = segments();
    const oneFile = await SegmentedFile.create(open, 2 ** 50);

    await expect(appendParts(oneFile, 2200)).rejects.toThrow(
      'wrote 4294967288 of 2097152 bytes at byte 2097152000',
    );
    expect(oneFile.end).toBe(IN_MEMORY_FILE_LIMIT);
  });

  it('keeps a body past 2^32 bytes in segments, and reads ranges back across them', async () => {
    const { opened, open } = segments();
    const file = await SegmentedFile.create(open);
    const count = 2200; // 4.6 GB: past 2^31 and 2^32

    await appendParts(file, count);

    expect(file.end).toBe(count * PART);
    expect(file.end).toBeGreaterThan(2 ** 32);
    expect(opened.map((segment) => segment.size)).toEqual([
      2 ** 30,
      2 ** 30,
      2 ** 30,
      2 ** 30,
      count * PART - 4 * 2 ** 30,
    ]);
    const expectRange = (start: number, length: number) => {
      const bytes = file.read(start, length);
      const wrong = bytes.findIndex((byte, at) => byte !== byteAt(start + at));
      expect(wrong, `byte ${start + wrong}`).toBe(-1);
    };
    expectRange(2 ** 31 - 5, 10);
    expectRange(2 ** 32 - 3 * MiB, 6 * MiB); // across 2^32, a segment's end and a part's
    expectRange(2 ** 30 * 3 - 1, 2);
    expectRange(file.end - 100, 100);
    expect(() => file.read(file.end - 1, 2)).toThrow(/are not stored/);
  });

  it('opens the segments the expected size fills before the first write', async () => {
    const requested: number[] = [];
    const file = await SegmentedFile.create(
      (index) => {
        requested.push(index);
        return Promise.resolve(new InMemoryFile());
      },
      8,
      20,
    );

    expect(requested).toEqual([0, 1, 2]);
    await file.append(new Uint8Array(24));
    expect(requested).toEqual([0, 1, 2]);
  });

  it('opens a segment the expected size left out as the bytes reach it, the part waiting for it, in order', async () => {
    const requested: number[] = [];
    const files: InMemoryFile[] = [];
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const file = await SegmentedFile.create(async (index) => {
      requested.push(index);
      if (index === 1) await slow;
      return (files[index] ??= new InMemoryFile());
    }, 8);

    await file.append(new Uint8Array(3).fill(1));
    await file.append(new Uint8Array(5).fill(2));
    // Full, and the next segment not asked for: no open runs beside a write.
    expect([requested, file.end]).toEqual([[0], 8]);
    const next = file.append(new Uint8Array(2).fill(3));
    await Promise.resolve();
    expect([requested, file.end]).toEqual([[0, 1], 8]);
    release();
    await next;

    expect(file.end).toBe(10);
    expect([...file.read(0, 10)]).toEqual([1, 1, 1, 2, 2, 2, 2, 2, 3, 3]);
    expect(files.map((segment) => segment.size)).toEqual([8, 2]);
  });
});
