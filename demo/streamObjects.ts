// Writes the with-children body the way the Speckle server streams it: gzip-encoded, no
// Content-Length, objects going out as they are produced. Flushes let a browser see progress on
// small or slow streams; awaiting 'drain' keeps a 100k-object body from piling up in memory.
//
// A benchmark needs the opposite as well: a server whose own work costs nothing, so that the
// client's speed is what gets measured. compressBody and sendCompressed gzip a body once and then
// send the stored bytes, as a cache in front of the server would.
import { once } from 'node:events';
import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { constants, createGzip, type Gzip } from 'node:zlib';
import type { Endless } from './faults.ts';

export interface StreamRecord {
  id: string;
  text: string;
}

export type StreamMode = 'json' | 'text';

/** Objects to stream, root first: in memory, or read from disk as they are taken. */
export type StreamRecords = Iterable<StreamRecord> | AsyncIterable<StreamRecord>;

export interface StreamOptions {
  mode: StreamMode;
  /** Pause between objects (a slow server). */
  delayMs: number;
  /** Destroy the socket once this many objects were sent (a connection lost mid-stream). */
  dropAfter: number | null;
  /** Once this many objects were sent, send nothing more until `released` (a stalled server). */
  hold?: { after: number; released: Promise<void> } | null;
  /** Send a line that is not `<id>\t<json>` after this many objects (text mode only). */
  malformedAfter: number | null;
  /**
   * Cut the JSON text of the object after this many in half, its line otherwise whole, as a
   * corrupted store or proxy would (text mode only).
   */
  cutTextAfter: number | null;
  /** Never end the body once this many objects were sent (text mode only). */
  endless?: Endless | null;
}

const BATCH_CHARS = 64 * 1024;
const FLUSH_INTERVAL_MS = 100;
// Fast compression: the demo runs on the developer's machine, ratio matters less than speed.
const GZIP_LEVEL = 1;
// A stored body is compressed once, so it can afford zlib's default ratio.
const STORED_GZIP_LEVEL = constants.Z_DEFAULT_COMPRESSION;
const STORED_WRITE_BYTES = 64 * 1024;
const DROP_PAUSE_MS = 300;
const GARBAGE_LINE = 'this line is not an object: the stream is corrupted\n';

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

class GzipBody {
  private readonly gzip: Gzip = createGzip({ level: GZIP_LEVEL });
  private pending: string[] = [];
  private pendingChars = 0;
  private lastFlush = Date.now();
  closed = false;

  constructor(private readonly res: ServerResponse) {
    res.once('close', () => {
      this.closed = true;
      this.gzip.destroy();
    });
    this.gzip.pipe(res);
  }

  push(text: string): void {
    this.pending.push(text);
    this.pendingChars += text.length;
  }

  /** Hands pending text to gzip, waiting while the client is slower than we are. */
  async write(): Promise<void> {
    if (this.pending.length === 0 || this.closed) return;
    const text = this.pending.join('');
    this.pending = [];
    this.pendingChars = 0;
    if (!this.gzip.write(text)) await this.waitForDrain();
  }

  async writeIfFull(): Promise<void> {
    if (this.pendingChars >= BATCH_CHARS) await this.write();
    if (Date.now() - this.lastFlush >= FLUSH_INTERVAL_MS) await this.flush();
  }

  /** Makes everything written so far decodable by the client now. */
  async flush(): Promise<void> {
    await this.write();
    if (this.closed) return;
    this.lastFlush = Date.now();
    await new Promise<void>((resolve) => this.gzip.flush(constants.Z_SYNC_FLUSH, () => resolve()));
  }

  async end(): Promise<void> {
    await this.write();
    if (!this.closed) this.gzip.end();
  }

  /** Resolves once the client has gone. */
  gone(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => this.res.once('close', () => resolve()));
  }

  /** Cuts the connection after what was sent so far has reached the socket. */
  async drop(): Promise<void> {
    await this.flush();
    const socket = this.res.socket;
    if (!socket || this.closed) return;
    await new Promise((resolve) => setImmediate(resolve));
    if (socket.writableLength > 0) {
      await new Promise((resolve) => socket.once('drain', resolve));
    }
    // The break comes a moment after the bytes, as on a real network: a browser may discard bytes
    // its page had not read yet when the error arrives, so a break on their heels made what
    // "arrived" depend on how soon the client's reader got to them on a busy machine.
    await sleep(DROP_PAUSE_MS);
    // A FIN, not a reset: a reset lets the client's kernel discard bytes it had received but the
    // browser had not read yet. The body still ends without its final chunk, which is what a
    // dropped connection looks like to the client.
    if (!this.closed) socket.end();
  }

  private waitForDrain(): Promise<void> {
    return drainOrClose(this.gzip, this.res);
  }
}

/** Resolves when `writable` can take more, or when the response closed and nothing will. */
function drainOrClose(writable: NodeJS.WritableStream, res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      writable.off('drain', done);
      res.off('close', done);
      resolve();
    };
    writable.once('drain', done);
    res.once('close', done);
  });
}

/** The body text of the record at `index`: a line, or an element of the JSON array. */
export function recordText(mode: StreamMode, index: number, { id, text }: StreamRecord) {
  if (mode === 'text') return `${id}\t${text}\n`;
  return index === 0 ? `[${text}` : `,${text}`;
}

function halfOf(text: string): string {
  return text.slice(0, Math.floor(text.length / 2));
}

function closingText(mode: StreamMode): string {
  return mode === 'json' ? ']' : '';
}

/** Streams the records (root first) as a JSON array or as `<id>\t<json>\n` lines. */
export async function streamObjects(
  res: ServerResponse,
  records: StreamRecords,
  options: StreamOptions,
): Promise<void> {
  const body = new GzipBody(res);
  const { mode, delayMs, dropAfter, malformedAfter, cutTextAfter, hold, endless } = options;
  let sent = 0;
  // Faults fire before the next object; one set beyond the last object fires at the end.
  const faultsAllowMore = async (atEnd: boolean): Promise<boolean> => {
    const due = (after: number | null) =>
      after !== null && (atEnd ? after >= sent : after === sent);
    if (hold && due(hold.after)) {
      await body.flush();
      await Promise.race([hold.released, body.gone()]);
      if (body.closed) return false;
    }
    if (mode === 'text' && due(malformedAfter)) body.push(GARBAGE_LINE);
    if (mode === 'text' && endless && due(endless.after)) {
      await sendForever(body, endless.kind);
      return false;
    }
    if (!due(dropAfter)) return true;
    await body.drop();
    return false;
  };

  for await (const record of records) {
    if (body.closed || !(await faultsAllowMore(false))) return;
    const cut = mode === 'text' && cutTextAfter === sent;
    body.push(recordText(mode, sent, cut ? { ...record, text: halfOf(record.text) } : record));
    sent += 1;
    // The root goes out at once, so a client can show it while the rest is coming.
    if (sent === 1 || delayMs > 0) await body.flush();
    else await body.writeIfFull();
    if (delayMs > 0) await sleep(delayMs);
  }
  if (body.closed || !(await faultsAllowMore(true))) return;
  body.push(closingText(mode));
  await body.end();
}

/** New object lines, or one line's text, until the client goes. */
async function sendForever(body: GzipBody, kind: Endless['kind']): Promise<void> {
  const filler = 'x'.repeat(BATCH_CHARS);
  if (kind === 'line') body.push(`${'e'.repeat(32)}\t{"id":"${'e'.repeat(32)}","endless":"`);
  for (let n = 0; !body.closed; n += 1) {
    if (kind === 'line') body.push(filler);
    else {
      const id = `e${n.toString(16).padStart(31, '0')}`;
      body.push(`${id}\t{"id":"${id}","speckle_type":"Base","n":${n}}\n`);
    }
    await body.writeIfFull();
  }
}

/**
 * Writes the whole body into `gzip`, flushed after the root like the live
 * stream, so a client can decode the root from the first bytes; ends `gzip`.
 */
async function writeCompressed(records: StreamRecords, mode: StreamMode, gzip: Gzip) {
  let index = 0;
  let batch: string[] = [];
  let batchChars = 0;
  const write = async () => {
    const text = batch.join('');
    batch = [];
    batchChars = 0;
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  for await (const record of records) {
    const text = recordText(mode, index, record);
    batch.push(text);
    batchChars += text.length;
    index += 1;
    if (index === 1) {
      await write();
      await new Promise<void>((resolve) => gzip.flush(constants.Z_SYNC_FLUSH, () => resolve()));
    } else if (batchChars >= BATCH_CHARS) await write();
  }
  batch.push(closingText(mode));
  await write();
  gzip.end();
}

/** The whole gzip-encoded body for the records, compressed once to be sent many times. */
export async function compressBody(records: StreamRecords, mode: StreamMode): Promise<Buffer> {
  const gzip = createGzip({ level: STORED_GZIP_LEVEL });
  const output: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => output.push(chunk));
  const finished = once(gzip, 'end');
  await writeCompressed(records, mode, gzip);
  await finished;
  return Buffer.concat(output);
}

/**
 * Like compressBody, into a file for a body too big to hold; the file appears whole or not at
 * all.
 */
export async function compressBodyToFile(records: StreamRecords, mode: StreamMode, path: string) {
  const partial = `${path}.partial-${process.pid}`;
  // Gigabytes: zlib's default ratio would take minutes longer to win a few percent.
  const gzip = createGzip({ level: GZIP_LEVEL });
  const file = createWriteStream(partial);
  gzip.pipe(file);
  try {
    const finished = once(file, 'close');
    await writeCompressed(records, mode, gzip);
    await finished;
    renameSync(partial, path);
  } finally {
    rmSync(partial, { force: true });
  }
}

function* slices(body: Buffer): Generator<Buffer> {
  for (let offset = 0; offset < body.length; offset += STORED_WRITE_BYTES) {
    yield body.subarray(offset, offset + STORED_WRITE_BYTES);
  }
}

/**
 * Sends bytes gzipped beforehand, held or in a file, waiting whenever the client is slower than
 * we are.
 */
export async function sendCompressed(
  res: ServerResponse,
  body: Buffer | { file: string },
): Promise<void> {
  const chunks = Buffer.isBuffer(body)
    ? slices(body)
    : (createReadStream(body.file, { highWaterMark: STORED_WRITE_BYTES }) as AsyncIterable<Buffer>);
  for await (const slice of chunks) {
    if (res.destroyed) return;
    if (!res.write(slice)) await drainOrClose(res, res);
  }
  if (!res.destroyed) res.end();
}
