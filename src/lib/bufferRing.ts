/**
 * Buffers that go round between the page and a worker: filled on one side, transferred to the
 * other and transferred back once read, never copied and none made anew. A message that copies
 * its bytes costs a copy on each side and a new buffer for each collector; and with a few buffers
 * in flight the side that fills them never runs ahead of the side that reads them.
 */
export class BufferRing {
  private readonly free: Uint8Array<ArrayBuffer>[] = [];
  private readonly waiting: Array<(buffer: Uint8Array<ArrayBuffer> | null) => void> = [];
  private closed = false;

  constructor(count: number, bytes: number) {
    for (let made = 0; made < count; made += 1) this.free.push(new Uint8Array(bytes));
  }

  /** A buffer back from the other side. */
  give(buffer: ArrayBuffer): void {
    const bytes = new Uint8Array(buffer);
    const next = this.waiting.shift();
    if (next) next(bytes);
    else this.free.push(bytes);
  }

  /** A free buffer, once one is back; null once closed. */
  take(): Promise<Uint8Array<ArrayBuffer> | null> {
    if (this.closed) return Promise.resolve(null);
    const free = this.free.pop();
    if (free) return Promise.resolve(free);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** No buffer is wanted or will come back: they are let go, and whoever waits gets null. */
  close(): void {
    this.closed = true;
    this.free.length = 0;
    for (const next of this.waiting.splice(0)) next(null);
  }
}
