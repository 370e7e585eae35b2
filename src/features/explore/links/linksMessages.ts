/** What the page and the worker that indexes who points where (linksWorker.ts) tell each other. */
import type { ObjectSpan } from '../../../objects/spans/textSpans';
import type { ObjectLinks } from '../../../speckle/graph/objectLinks';

export type ToLinks =
  /** Comes first: the store's reader port when the set's texts are off the page, else null. */
  | { type: 'open'; store: MessagePort | null }
  /**
   * The span, and the bytes of it the page holds when they fit in one of its lent buffers (a few
   * MB), transferred: read with it rather than asked for again, a second wait for the page's turn
   * per span. The buffer goes back (`returned`) once the span is indexed.
   */
  | { type: 'span'; span: ObjectSpan; bytes: Uint8Array<ArrayBuffer> | null }
  /** Bytes the page holds, as asked for (`page-bytes`), in the pieces of its blocks. */
  | { type: 'page-bytes'; request: number; pieces: Uint8Array[] }
  /** What the index says of one object; answered once the index is built. */
  | { type: 'about'; request: number; id: string };

export type FromLinks =
  /**
   * The spans from object `from` on, `count` of them one after another, asked of the page in one
   * message (the last one empty past the last object).
   */
  | { type: 'want'; from: number; count: number }
  /** A few MB of the page's bytes at most, so that copying them is a short task for the page. */
  | { type: 'page-bytes'; request: number; start: number; length: number }
  | { type: 'progress'; read: number; available: number }
  /** A buffer the page lent with a span, given back. */
  | { type: 'returned'; buffer: ArrayBuffer }
  | { type: 'built'; objects: number }
  | { type: 'about'; request: number; links: ObjectLinks }
  | { type: 'failed'; message: string };
