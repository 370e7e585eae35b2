/**
 * The page's half of the check: every object's text, read wherever the set keeps it (in the page,
 * on disk, in opened files: ObjectSet.withTexts, as the exports and the closure check read them),
 * copied as bytes into batches of a few MB, one batch per task, so that the page stays responsive
 * while a model of any size goes across.
 */
import type { ObjectSet } from '../../../objects/set/objectSet';
import { nextTask } from '../../../lib/nextTask';
import { soFar } from '../../../lib/readonlyList';
import { isTextTooLarge } from '../../../speckle/textLimit';
import type { TextBatch } from './doctorMessages';

/** About 2 MB per batch: copying it is a millisecond or two on the page. */
const BATCH_BYTES = 2 * 1024 * 1024;
/** A task of the page gives way after this long, however few bytes it gathered. */
const TASK_MS = 10;
/** Batches in flight: one checked, one on its way, one being filled. */
const BUFFERS = 3;

/**
 * The batches' buffers, going round: each is filled on the page, transferred to the worker and
 * transferred back once checked, never copied and none made anew. A new buffer per batch was
 * hundreds of MB of ArrayBuffers made on the page and in the worker, whose garbage collectors then
 * ran in tasks of 50 to 90 ms (bench/doctor.mjs), and one buffer copied into each message cost the
 * worker a copy of every byte; with a few in flight the page also never runs ahead of the check.
 */
export class BatchBuffers {
  private readonly free: Uint8Array<ArrayBuffer>[] = [];
  private readonly waiting: Array<(buffer: Uint8Array<ArrayBuffer> | null) => void> = [];
  private closed = false;

  constructor(count = BUFFERS) {
    for (let made = 0; made < count; made += 1) this.free.push(new Uint8Array(2 * BATCH_BYTES));
  }

  /** A buffer back from the worker. */
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

  /** No buffer will come back (the check ended): whoever waits for one gets null. */
  close(): void {
    this.closed = true;
    for (const next of this.waiting.splice(0)) next(null);
  }
}

class BatchBuilder {
  private ids: string[] = [];
  private parts: Uint8Array[] = [];
  size = 0;

  add(id: string, bytes: Uint8Array): void {
    this.ids.push(id);
    this.parts.push(bytes);
    this.size += bytes.length;
  }

  get isEmpty(): boolean {
    return this.ids.length === 0;
  }

  /** The batch, built in `buffer` (or, for a text larger than it, in a bigger one). */
  take(buffer: Uint8Array<ArrayBuffer>): TextBatch {
    const bytes = (buffer.length < this.size ? new Uint8Array(this.size) : buffer).subarray(
      0,
      this.size,
    );
    const ends: number[] = [];
    let at = 0;
    for (const part of this.parts) {
      bytes.set(part, at);
      at += part.length;
      ends.push(at);
    }
    const batch = { ids: this.ids, ends, bytes };
    this.ids = [];
    this.parts = [];
    this.size = 0;
    return batch;
  }
}

/**
 * Sends each object's text once, in the order received, in batches built in `buffers`; resolves
 * with the number of objects too large to read. Stops, unsent, once `stopped` says so or no
 * buffer comes back.
 */
export async function sendTexts(
  set: ObjectSet,
  send: (batch: TextBatch) => void,
  stopped: () => boolean,
  buffers: BatchBuffers,
  now: () => number = () => performance.now(),
): Promise<number> {
  await set.wantBytes();
  const batch = new BatchBuilder();
  let unread = 0;
  let taskStart = now();
  const sendBatch = async () => {
    const buffer = await buffers.take();
    if (buffer === null || stopped()) return false;
    send(batch.take(buffer));
    return true;
  };
  for await (const record of soFar(set.withTexts('summaries'))) {
    if (stopped()) return unread;
    if (isTextTooLarge(record.bytes)) unread += 1;
    else batch.add(record.id, record.encoded);
    if (batch.size >= BATCH_BYTES || now() - taskStart >= TASK_MS) {
      if (!batch.isEmpty && !(await sendBatch())) return unread;
      await nextTask();
      taskStart = now();
    }
  }
  if (!batch.isEmpty && !stopped()) await sendBatch();
  return unread;
}
