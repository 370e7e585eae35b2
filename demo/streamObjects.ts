// Writes the with-children body the way the Speckle server streams it: gzip-encoded, no
// Content-Length, objects going out as they are produced. Flushes let a browser see progress on
// small or slow streams; awaiting 'drain' keeps a 100k-object body from piling up in memory.
import type { ServerResponse } from 'node:http';
import { constants, createGzip, type Gzip } from 'node:zlib';

export interface StreamRecord {
  id: string;
  text: string;
}

export interface StreamOptions {
  mode: 'json' | 'text';
  /** Pause between objects (a slow server). */
  delayMs: number;
  /** Destroy the socket once this many objects were sent (a connection lost mid-stream). */
  dropAfter: number | null;
  /** Send a line that is not `<id>\t<json>` after this many objects (text mode only). */
  malformedAfter: number | null;
}

const BATCH_CHARS = 64 * 1024;
const FLUSH_INTERVAL_MS = 100;
// Fast compression: the demo runs on the developer's machine, ratio matters less than speed.
const GZIP_LEVEL = 1;
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

  /** Cuts the connection after what was sent so far has reached the socket. */
  async drop(): Promise<void> {
    await this.flush();
    const socket = this.res.socket;
    if (!socket || this.closed) return;
    await new Promise((resolve) => setImmediate(resolve));
    if (socket.writableLength > 0) {
      await new Promise((resolve) => socket.once('drain', resolve));
    }
    socket.destroy();
  }

  private waitForDrain(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.gzip.off('drain', done);
        this.res.off('close', done);
        resolve();
      };
      this.gzip.once('drain', done);
      this.res.once('close', done);
    });
  }
}

/** Streams the records (root first) as a JSON array or as `<id>\t<json>\n` lines. */
export async function streamObjects(
  res: ServerResponse,
  records: Iterable<StreamRecord>,
  options: StreamOptions,
): Promise<void> {
  const body = new GzipBody(res);
  const { mode, delayMs, dropAfter, malformedAfter } = options;
  let sent = 0;
  // Faults fire before the next object; one set beyond the last object fires at the end.
  const faultsAllowMore = async (atEnd: boolean): Promise<boolean> => {
    const due = (after: number | null) =>
      after !== null && (atEnd ? after >= sent : after === sent);
    if (mode === 'text' && due(malformedAfter)) body.push(GARBAGE_LINE);
    if (!due(dropAfter)) return true;
    await body.drop();
    return false;
  };

  for (const { id, text } of records) {
    if (body.closed || !(await faultsAllowMore(false))) return;
    if (mode === 'text') body.push(`${id}\t${text}\n`);
    else body.push(sent === 0 ? `[${text}` : `,${text}`);
    sent += 1;
    // The root goes out at once, so a client can show it while the rest is coming.
    if (sent === 1 || delayMs > 0) await body.flush();
    else await body.writeIfFull();
    if (delayMs > 0) await sleep(delayMs);
  }
  if (body.closed || !(await faultsAllowMore(true))) return;
  if (mode === 'json') body.push(']');
  await body.end();
}
