/** What the page and the search of a body on disk (diskSearchWorker.ts) tell each other. */
import type { ObjectSpan } from '../../../objects/spans/textSpans';
import type { DetailsRequest, SearchDetails, SearchSpec, SearchUpdate } from './objectMatching';

/** The objects of one span, for the search that asked for them. */
export interface TextSpan extends ObjectSpan {
  queryId: number;
}

export type ToDiskSearch =
  /** Comes first: the store's reader port (storeReader.ts). */
  | { type: 'open'; store: MessagePort }
  /** Starts searching for `spec`, dropping the search before (see SearchRequest). */
  | { type: 'search'; queryId: number; spec: SearchSpec | null; scan: boolean }
  | { type: 'stop'; queryId: number }
  /** The matches of one object, whose span of one the page gives. */
  | { type: 'details'; request: DetailsRequest; span: TextSpan }
  | { type: 'span'; span: TextSpan }
  /** Bytes the page holds, as asked for (`page-bytes`), in the pieces of its blocks. */
  | { type: 'page-bytes'; request: number; pieces: Uint8Array[] }
  /** More objects arrived: a search that reached the end goes on with them. */
  | { type: 'more' };

export type FromDiskSearch =
  | SearchUpdate
  | SearchDetails
  /** The span from object `from` on, asked of the page (TextSpan, empty past the last object). */
  | { type: 'want'; queryId: number; from: number }
  /** A few MB of the page's bytes at most, so that copying them is a short task for the page. */
  | { type: 'page-bytes'; request: number; start: number; length: number }
  | { type: 'failed'; queryId: number; message: string };
