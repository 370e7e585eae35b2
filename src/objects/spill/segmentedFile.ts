/**
 * The byte store's file on disk (spillWorker.ts), laid end to end over segment files of at most
 * SEGMENT_BYTES each. One file per load failed a 3.4 GB body: in a profile kept off the record (a
 * private window, a fresh headless context), Chromium holds the private file system in memory,
 * and there a file stops growing at 2,000 MiB. Its access handle's `write` then returns
 * 4,294,967,288 (2^32 − 8: Chromium's "no space" error, -8, read as an unsigned count) for every
 * later part, and the load ended incomplete. Segments of 1 GiB each take the whole body, on disk
 * and in memory alike (docs/storage.md).
 */

/** The parts of a synchronous access handle the store uses (lib.dom omits the worker's type). */
export interface SyncHandle {
  write(bytes: Uint8Array, options: { at: number }): number;
  read(bytes: Uint8Array, options: { at: number }): number;
  close(): void;
}

/** 1 GiB: half of what an off-the-record file takes, and far from any 32-bit count. */
const SEGMENT_BYTES = 2 ** 30;

export class SegmentedFile {
  /** The bytes stored, counted from the first: the body offset past the last one, less the page's. */
  end = 0;
  private readonly handles: SyncHandle[] = [];

  private constructor(
    private readonly openSegment: (index: number) => Promise<SyncHandle>,
    private readonly segmentBytes: number,
  ) {}

  /**
   * A file of no bytes yet, once the segments that `expectedBytes` fill are open (`openSegment`
   * creates each), and always the first: see `append`.
   */
  static async create(
    openSegment: (index: number) => Promise<SyncHandle>,
    segmentBytes = SEGMENT_BYTES,
    expectedBytes = 0,
  ): Promise<SegmentedFile> {
    const file = new SegmentedFile(openSegment, segmentBytes);
    const count = Math.max(1, Math.ceil(expectedBytes / segmentBytes));
    for (let index = 0; index < count; index += 1) await file.open(index);
    return file;
  }

  /**
   * Appends `part`, opening a segment the bytes reach that `create` did not. In a fresh headless
   * context, a segment opened once gigabytes were written there now and then never opened (one
   * million-object load in two waited at 2 or 3 GiB for good, whether opened ahead or as the
   * bytes reached it), while every segment opened before the first write did. Throws when the storage keeps fewer
   * bytes than it was given (full); `end` then counts only what it kept.
   */
  async append(part: Uint8Array): Promise<void> {
    for (let at = 0; at < part.length;) {
      const index = Math.floor(this.end / this.segmentBytes);
      const within = this.end - index * this.segmentBytes;
      const piece = part.subarray(at, at + Math.min(part.length - at, this.segmentBytes - within));
      const file = this.handles[index] ?? (await this.open(index));
      const written = file.write(piece, { at: within });
      if (written !== piece.length) {
        throw new Error(`wrote ${written} of ${piece.length} bytes at byte ${this.end}`);
      }
      this.end += piece.length;
      at += piece.length;
    }
  }

  /** The stored bytes from `start`; throws on a short read or when they are not all stored. */
  read(start: number, length: number): Uint8Array {
    if (start < 0 || start + length > this.end) {
      throw new Error(`Bytes ${start}–${start + length} are not stored.`);
    }
    const bytes = new Uint8Array(length);
    for (let at = 0; at < length;) {
      const index = Math.floor((start + at) / this.segmentBytes);
      const within = start + at - index * this.segmentBytes;
      const piece = bytes.subarray(at, at + Math.min(length - at, this.segmentBytes - within));
      const handle = this.handles[index];
      if (!handle) throw new Error(`Segment ${index} is not open.`);
      const read = handle.read(piece, { at: within });
      if (read !== piece.length) throw new Error(`Read ${read} of ${piece.length} bytes.`);
      at += piece.length;
    }
    return bytes;
  }

  /** Closes every segment opened; the bytes stay in the files until they are removed. */
  close(): void {
    for (const handle of this.handles) handle.close();
    this.handles.length = 0;
  }

  private async open(index: number): Promise<SyncHandle> {
    const handle = await this.openSegment(index);
    this.handles[index] = handle;
    return handle;
  }
}
