/**
 * Hands the objects of a growing set to the search in batches, one batch per task. postMessage
 * copies the text it sends on the calling thread (structured clone), so a batch of a few MB costs
 * the main thread a few milliseconds, and the page stays responsive between batches while a
 * 100 MB model goes across.
 */
import type { LineRecord } from '../../../bytes/lines';

export interface RecordSource {
  /** How many objects there are now; grows while the set loads. */
  count(): number;
  record(index: number): LineRecord;
}

/**
 * About 2 MB of one-byte text: posting copies it on the main thread at a cost in proportion to its
 * size, and a batch this size stays a few milliseconds.
 */
const DEFAULT_BATCH_CHARS = 2_000_000;

/** The objects from `from` on, up to `maxChars` characters of text, and always at least one. */
export function nextBatch(source: RecordSource, from: number, maxChars: number): LineRecord[] {
  const batch: LineRecord[] = [];
  let chars = 0;
  for (let index = from; index < source.count(); index += 1) {
    const record = source.record(index);
    if (batch.length > 0 && chars + record.raw.length > maxChars) break;
    batch.push(record);
    chars += record.raw.length;
  }
  return batch;
}

export class RecordFeeder {
  private sent = 0;
  private scheduled = false;
  private stopped = false;

  constructor(
    private readonly source: RecordSource,
    private readonly send: (records: LineRecord[]) => void,
    private readonly schedule: (task: () => void) => void,
    private readonly maxChars = DEFAULT_BATCH_CHARS,
  ) {}

  /** Objects handed over so far. */
  get sentCount(): number {
    return this.sent;
  }

  /** Sends, batch after batch, whatever has not been sent yet; call again when the set grows. */
  pump(): void {
    if (this.scheduled || this.stopped || this.sent >= this.source.count()) return;
    this.scheduled = true;
    this.schedule(() => {
      this.scheduled = false;
      if (this.stopped) return;
      const batch = nextBatch(this.source, this.sent, this.maxChars);
      this.sent += batch.length;
      this.send(batch);
      this.pump();
    });
  }

  stop(): void {
    this.stopped = true;
  }
}
