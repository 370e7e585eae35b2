/** What the page and the model doctor's worker (doctorWorker.ts) tell each other. */
import type { DoctorReport } from '../core/report';

/**
 * Objects' texts as the UTF-8 bytes received, one after another in `bytes`: object `i` ends at
 * `ends[i]`. Bytes, not strings: a string would be decoded on the page's thread, then copied again
 * by postMessage.
 */
export interface TextBatch {
  ids: string[];
  ends: number[];
  /** A view of a buffer that goes round between the page and the worker (textBatches.ts). */
  bytes: Uint8Array<ArrayBuffer>;
}

export type ToDoctor =
  | { type: 'start'; rootId: string | null }
  | ({ type: 'batch' } & TextBatch)
  /** Every object was sent; `unread` objects were too large to read (speckle/textLimit.ts). */
  | { type: 'finish'; unread: number };

export type FromDoctor =
  /** A batch was checked: its buffer comes back, to be filled again (textBatches.ts). */
  | { type: 'progress'; checked: number; buffer: ArrayBuffer }
  | { type: 'report'; report: DoctorReport; unread: number }
  | { type: 'failed'; message: string };
