/** What the page and the model doctor's worker (doctorWorker.ts) tell each other. */
import type { ObjectSpan } from '../../../objects/spans/textSpans';
import type { DoctorReport } from '../core/report';

export type ToDoctor =
  /** Comes first: the store's reader port when the set's texts are off the page, else null. */
  | { type: 'open'; store: MessagePort | null }
  /** Checks every object of the set, for the model under `rootId`. */
  | { type: 'start'; rootId: string | null }
  /** The span a `want` asked for. */
  | { type: 'span'; span: ObjectSpan }
  /** Bytes the page holds, as asked for (`page-bytes`), in the pieces of its blocks. */
  | { type: 'page-bytes'; request: number; pieces: Uint8Array[] };

export type FromDoctor =
  /** The span from object `from` on, asked of the page (empty past the last object). */
  | { type: 'want'; from: number }
  /** A few MB of the page's bytes at most, so that copying them is a short task for the page. */
  | { type: 'page-bytes'; request: number; start: number; length: number }
  /** Objects checked of the set's `total` whose text can be read. */
  | { type: 'progress'; checked: number; total: number }
  /** Every object was checked; `unread` were too large to read (speckle/textLimit.ts). */
  | { type: 'report'; report: DoctorReport; unread: number }
  | { type: 'failed'; message: string };
