// A generated building too big to hold in memory (1,000,000 objects, about 3.4 GB of text): built
// once, as a stream, into files under os.tmpdir(), its children sorted by id as the server sends
// them, and served from there. Building it holds the ids and their offsets, never the texts; so
// does serving it, apart from the window being read. The files are named after the root's id,
// which is a hash of the whole model, so a changed generator never reads an old build.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { closeSync, mkdirSync, openSync, readSync, writeFileSync, writeSync } from 'node:fs';
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { buildBuilding, type BuildingOptions, type ObjectSink } from './generate.ts';
import { serializeJsonb, type JsonObject } from './jsonb.ts';
import { compressBodyToFile, type StreamMode, type StreamRecord } from './streamObjects.ts';

/** Where spilled models live unless told otherwise; never inside the repository. */
export const SPILL_ROOT = join(tmpdir(), 'speckle-demo-models');

const ID_LENGTH = 32;
const WRITE_BYTES = 4 * 1024 * 1024;
const READ_BYTES = 1024 * 1024;
// Ids are hashes, so their first two hex digits spread a million objects evenly: ~13 MB a bucket.
const BUCKETS = 256;
const BUCKET_WRITE_BYTES = 128 * 1024;
const NEWLINE = Buffer.from('\n', 'latin1');
// Preparing is seconds of CPU per level: the server answers other requests in between.
const YIELD_EVERY = 5_000;

const files = {
  children: 'children.txt',
  ids: 'ids.bin',
  offsets: 'offsets.bin',
  root: 'root.json',
  done: 'complete.json',
  unsorted: 'unsorted.txt',
};

const yieldToEvents = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Takes the objects as the generator completes them: the texts of a level go to disk when the
 * generator pauses after it; only their ids stay, to find shared children and to sort.
 */
class SpillSink implements ObjectSink {
  readonly ids: string[] = [];
  readonly lengths: number[] = [];
  private readonly known = new Set<string>();
  private pending: { id: string; object: JsonObject }[] = [];

  has(id: string): boolean {
    return this.known.has(id);
  }

  add(id: string, object: JsonObject): void {
    this.known.add(id);
    this.pending.push({ id, object });
  }

  /** Writes every pending object's database text to `fd`; the last one stays pending if `keepLast`. */
  flush(fd: number, keepLast = false): JsonObject | undefined {
    const last = keepLast ? this.pending.pop() : undefined;
    const texts: string[] = [];
    for (const { id, object } of this.pending) {
      const text = serializeJsonb(object, true);
      this.ids.push(id);
      this.lengths.push(Buffer.byteLength(text));
      texts.push(text);
    }
    this.pending = [];
    if (texts.length > 0) writeSync(fd, texts.join(''));
    return last?.object;
  }
}

/** Appends to a file through one big buffer. */
class BufferedWriter {
  private readonly buffer: Buffer;
  private used = 0;
  written = 0;

  constructor(
    private readonly fd: number,
    bytes: number,
  ) {
    this.buffer = Buffer.allocUnsafe(bytes);
  }

  write(bytes: Uint8Array): void {
    if (this.used + bytes.length > this.buffer.length) this.flush();
    if (bytes.length > this.buffer.length) writeSync(this.fd, bytes);
    else {
      this.buffer.set(bytes, this.used);
      this.used += bytes.length;
    }
    this.written += bytes.length;
  }

  flush(): void {
    if (this.used > 0) writeSync(this.fd, this.buffer, 0, this.used);
    this.used = 0;
  }
}

/** Opens a file for appending through a buffer; closes it with `end`. */
function bufferedFile(path: string, bytes: number) {
  const fd = openSync(path, 'w');
  const writer = new BufferedWriter(fd, bytes);
  return { writer, end: () => (writer.flush(), closeSync(fd)) };
}

/**
 * Copies the unsorted texts into `<id>\t<text>\n` lines sorted by id; returns each line's offset.
 * Reading the texts in id order would seek all over a file bigger than the page cache may hold
 * (an hour on a busy disk), so they are read in order into one bucket file per id prefix, and each
 * bucket, a few megabytes, is sorted in memory.
 */
async function writeSortedLines(work: string, sink: SpillSink): Promise<Float64Array> {
  const { ids, lengths } = sink;
  const bucketPath = (bucket: number) => join(work, `bucket-${bucket}`);
  const buckets = Array.from({ length: BUCKETS }, (_, bucket) =>
    bufferedFile(bucketPath(bucket), BUCKET_WRITE_BYTES),
  );
  const unsorted = openSync(join(work, files.unsorted), 'r');
  let text = Buffer.allocUnsafe(READ_BYTES);
  try {
    for (const [index, id] of ids.entries()) {
      const length = lengths[index] ?? 0;
      if (length > text.length) text = Buffer.allocUnsafe(length);
      readSync(unsorted, text, 0, length, null);
      const { writer } = buckets[Number.parseInt(id.slice(0, 2), 16)] ?? buckets[0]!;
      writer.write(Buffer.from(`${id}\t`, 'latin1'));
      writer.write(text.subarray(0, length));
      writer.write(NEWLINE);
      if (index % YIELD_EVERY === 0) await yieldToEvents();
    }
  } finally {
    closeSync(unsorted);
    for (const bucket of buckets) bucket.end();
  }
  const offsets = new Float64Array(ids.length + 1);
  const output = bufferedFile(join(work, files.children), WRITE_BYTES);
  let rank = 0;
  try {
    for (let bucket = 0; bucket < BUCKETS; bucket += 1) {
      const lines = readFileSync(bucketPath(bucket));
      const starts: number[] = [];
      for (let start = 0; start < lines.length; start = lines.indexOf(10, start) + 1) {
        starts.push(start);
      }
      const idAt = (start: number) => lines.toString('latin1', start, start + ID_LENGTH);
      starts.sort((a, b) => (idAt(a) < idAt(b) ? -1 : 1));
      for (const start of starts) {
        offsets[rank] = output.writer.written;
        output.writer.write(lines.subarray(start, lines.indexOf(10, start) + 1));
        rank += 1;
      }
      rmSync(bucketPath(bucket));
      await yieldToEvents();
    }
  } finally {
    output.end();
  }
  offsets[rank] = output.writer.written;
  return offsets;
}

function removeAbandonedBuilds(dir: string): void {
  const [parent, name] = [join(dir, '..'), `${dir.slice(dir.lastIndexOf('/') + 1)}.partial-`];
  if (!existsSync(parent)) return;
  for (const entry of readdirSync(parent)) {
    if (!entry.startsWith(name)) continue;
    const pid = Number(entry.slice(name.length));
    let alive = pid !== process.pid;
    try {
      if (alive) process.kill(pid, 0);
    } catch {
      alive = false;
    }
    if (!alive) rmSync(join(parent, entry), { recursive: true, force: true });
  }
}

/** Builds the model's files into `dir`; throws when the root's id is not `rootId`. */
async function spill(options: BuildingOptions, rootId: string, dir: string): Promise<void> {
  removeAbandonedBuilds(dir);
  const work = `${dir}.partial-${process.pid}`;
  mkdirSync(work, { recursive: true });
  try {
    const sink = new SpillSink();
    const unsorted = openSync(join(work, files.unsorted), 'w');
    let root: JsonObject | undefined;
    try {
      const build = buildBuilding(options, sink);
      for (let step = build.next(); ; step = build.next()) {
        root = sink.flush(unsorted, step.done);
        if (step.done) {
          if (step.value !== rootId) {
            throw new Error(
              `Demo model ${options.seed} now has root id ${step.value}; update its pin`,
            );
          }
          break;
        }
        await yieldToEvents();
      }
    } finally {
      closeSync(unsorted);
    }
    if (sink.ids.length !== options.size - 1 || !root) {
      throw new Error(`Generated ${sink.ids.length + 1} objects instead of ${options.size}`);
    }
    const offsets = await writeSortedLines(work, sink);
    rmSync(join(work, files.unsorted));
    const sortedIds = [...sink.ids].sort();
    writeFileSync(join(work, files.ids), Buffer.from(sortedIds.join(''), 'latin1'));
    writeFileSync(join(work, files.offsets), new Uint8Array(offsets.buffer));
    writeFileSync(
      join(work, files.root),
      serializeJsonb({ ...root, totalChildrenCount: null }, false),
    );
    const done = { rootId, objects: options.size, childBytes: offsets[sortedIds.length] };
    writeFileSync(join(work, files.done), JSON.stringify(done));
    try {
      renameSync(work, dir);
    } catch (error) {
      // Another process finished the same build first: its files are the same bytes.
      if (!existsSync(join(dir, files.done))) throw error;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

interface SpillIndex {
  /** Sorted ids, ID_LENGTH latin1 bytes each. */
  ids: Buffer;
  /** Start of each id's line in children.txt, and the file's length last. */
  offsets: Float64Array;
  fd: number;
}

/** A generated building kept on disk, built on its first request. */
export class SpilledModel {
  private preparing: Promise<void> | undefined;
  private index: SpillIndex | undefined;
  private rootText: string | undefined;
  private readonly compressing = new Map<StreamMode, Promise<string>>();

  constructor(
    readonly options: BuildingOptions,
    readonly rootId: string,
    readonly dir = join(SPILL_ROOT, `${options.seed}-${rootId}`),
  ) {}

  /** True once the files are complete on disk, by this process or an earlier one. */
  isPrepared(): boolean {
    return existsSync(join(this.dir, files.done));
  }

  prepare(): Promise<void> {
    if (this.isPrepared()) return Promise.resolve();
    this.preparing ??= spill(this.options, this.rootId, this.dir).finally(() => {
      this.preparing = undefined;
    });
    return this.preparing;
  }

  /** The root as `/single` and the stream's first object send it (compact, no stored count). */
  root(): string {
    this.rootText ??= readFileSync(join(this.dir, files.root), 'utf8');
    return this.rootText;
  }

  private openIndex(): SpillIndex {
    if (!this.index) {
      const offsets = readFileSync(join(this.dir, files.offsets));
      this.index = {
        ids: readFileSync(join(this.dir, files.ids)),
        offsets: new Float64Array(offsets.buffer, offsets.byteOffset, offsets.length / 8),
        fd: openSync(join(this.dir, files.children), 'r'),
      };
    }
    return this.index;
  }

  /** A child's database text (spaced), or undefined when the model has no such object. */
  child(id: string): string | undefined {
    if (id.length !== ID_LENGTH) return undefined;
    const { ids, offsets, fd } = this.openIndex();
    const target = Buffer.from(id, 'latin1');
    let [low, high] = [0, ids.length / ID_LENGTH - 1];
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const order = ids.compare(target, 0, ID_LENGTH, middle * ID_LENGTH, (middle + 1) * ID_LENGTH);
      if (order < 0) low = middle + 1;
      else if (order > 0) high = middle - 1;
      else {
        const start = (offsets[middle] ?? 0) + ID_LENGTH + 1;
        const line = Buffer.allocUnsafe((offsets[middle + 1] ?? 0) - start - 1);
        readSync(fd, line, 0, line.length, start);
        return line.toString('utf8');
      }
    }
    return undefined;
  }

  /** Every child, sorted by id, read from disk as the consumer takes them. */
  async *children(): AsyncGenerator<StreamRecord> {
    const decoder = new StringDecoder('utf8');
    let tail = '';
    const stream = createReadStream(join(this.dir, files.children), { highWaterMark: READ_BYTES });
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const text = tail + decoder.write(chunk);
      let start = 0;
      for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
        yield {
          id: text.slice(start, start + ID_LENGTH),
          text: text.slice(start + ID_LENGTH + 1, end),
        };
        start = end + 1;
      }
      tail = text.slice(start);
    }
  }

  /** The with-children records: the root, then every child. */
  async *body(): AsyncGenerator<StreamRecord> {
    yield { id: this.rootId, text: this.root() };
    yield* this.children();
  }

  /** The path of the whole with-children body, gzipped once and kept beside the model. */
  compressed(mode: StreamMode): Promise<string> {
    const path = join(this.dir, `body-${mode}.gz`);
    if (existsSync(path)) return Promise.resolve(path);
    let made = this.compressing.get(mode);
    if (!made) {
      made = compressBodyToFile(this.body(), mode, path).then(() => path);
      made.catch(() => this.compressing.delete(mode));
      this.compressing.set(mode, made);
    }
    return made;
  }
}
