/**
 * The page's half of the check: every object's text, read wherever the set keeps it (in the page,
 * on disk, in opened files: ObjectSet.withTexts, as the exports and the closure check read them),
 * copied as bytes into batches of a few MB, one batch per task, so that the page stays responsive
 * while a model of any size goes across.
 */
import type { ObjectSet } from '../../../objects/set/objectSet';
import { BufferRing } from '../../../lib/bufferRing';
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
 * The batches' buffers, going round (lib/bufferRing.ts): each filled on the page, transferred to
 * the worker and back once checked. A new buffer per batch was hundreds of MB of ArrayBuffers
 * made on the page and in the worker, whose garbage collectors then ran in tasks of 50 to 90 ms
 * (bench/doctor.mjs); one buffer copied into each message let the page run ahead of the check,
 * the copies queueing in the worker (past 12 GB on the million-object model: bench:million).
 */
export class BatchBuffers extends BufferRing {
  constructor(count = BUFFERS) {
    super(count, 2 * BATCH_BYTES);
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
