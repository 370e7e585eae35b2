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

/** About 2 MB per batch: copying it, twice, is a millisecond or two on the page. */
const BATCH_BYTES = 2 * 1024 * 1024;
/** A task of the page gives way after this long, however few bytes it gathered. */
const TASK_MS = 10;

/**
 * Gathers a batch's texts into one buffer, the same one batch after batch: postMessage copies it
 * into the message outside the page's heap. A new buffer per batch, transferred, was hundreds of MB
 * of ArrayBuffers made on the page, whose garbage collector then ran in tasks of 50 to 90 ms
 * (bench/doctor.mjs).
 */
class BatchBuilder {
  private ids: string[] = [];
  private parts: Uint8Array[] = [];
  private buffer = new Uint8Array(2 * BATCH_BYTES);
  size = 0;

  add(id: string, bytes: Uint8Array): void {
    this.ids.push(id);
    this.parts.push(bytes);
    this.size += bytes.length;
  }

  get isEmpty(): boolean {
    return this.ids.length === 0;
  }

  /** The batch, its bytes valid until the next take: send it at once. */
  take(): TextBatch {
    // Only a text larger than a batch (an object of many MB) makes the buffer grow.
    if (this.buffer.length < this.size) this.buffer = new Uint8Array(this.size);
    const bytes = this.buffer.subarray(0, this.size);
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
 * Sends each object's text once, in the order received, in batches; resolves with the number of
 * objects too large to read. Stops, unsent, once `stopped` says so.
 */
export async function sendTexts(
  set: ObjectSet,
  send: (batch: TextBatch) => void,
  stopped: () => boolean,
  now: () => number = () => performance.now(),
): Promise<number> {
  await set.wantBytes();
  const batch = new BatchBuilder();
  let unread = 0;
  let taskStart = now();
  for await (const record of soFar(set.withTexts('summaries'))) {
    if (stopped()) return unread;
    if (isTextTooLarge(record.bytes)) unread += 1;
    else batch.add(record.id, record.encoded);
    if (batch.size >= BATCH_BYTES || now() - taskStart >= TASK_MS) {
      if (!batch.isEmpty) send(batch.take());
      await nextTask();
      taskStart = now();
    }
  }
  if (!batch.isEmpty && !stopped()) send(batch.take());
  return unread;
}
