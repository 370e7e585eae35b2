/**
 * The page's side of a session that reads a set's texts span by span (spanReading.ts): in a
 * worker framed by serveSpanSession (spanWorker.ts), or on the page itself where there is no
 * Worker (jsdom). Either way the page answers the session's requests for a span and for the
 * page's bytes, and hands every other message to its owner.
 */
import { nextTask } from '../../lib/nextTask';
import type { ObjectSet } from '../set/objectSet';
import type { SpanByteReaders } from './spanBytes';
import { SetSpans } from './setSpans';
import type { ObjectSpan } from './textSpans';

/** A session's request for the span from object `from` on. */
type SpanWant = { type: 'want'; from: number };
/** A worker's request for bytes the page holds (spanWorker.ts). */
type PageBytesAsk = { type: 'page-bytes'; request: number; start: number; length: number };
/** What a session says to its owner rather than to the page's spans. */
export type SessionAnswer<From> = Exclude<From, SpanWant | PageBytesAsk>;

/**
 * Serves the set's spans to `worker`: its store's reader first, then each span asked for (as the
 * message `spanMessage` makes of it) and the page's bytes. Returns what ends the worker.
 */
export function serveSpansTo<From extends { type: string }>(
  worker: Worker,
  set: ObjectSet,
  spanMessage: (want: Extract<From, SpanWant>, span: ObjectSpan) => unknown,
  onAnswer: (answer: SessionAnswer<From>) => void,
): () => void {
  const spans = new SetSpans(set);
  worker.onmessage = ({ data }: MessageEvent<From>) => {
    if (data.type === 'want') {
      const want = data as Extract<From, SpanWant>;
      worker.postMessage(spanMessage(want, spans.from(want.from)));
    } else if (data.type === 'page-bytes') {
      const { request, start, length } = data as unknown as PageBytesAsk;
      const pieces = [spans.pageCopy(start, length)];
      worker.postMessage({ type: 'page-bytes', request, pieces });
    } else onAnswer(data as SessionAnswer<From>);
  };
  const reader = spans.storeReader();
  worker.postMessage({ type: 'open', store: reader?.port ?? null }, reader ? [reader.port] : []);
  return () => {
    worker.terminate();
    reader?.close();
  };
}

/**
 * The session run on the page, a task per message as a worker's would be, so that the page is
 * not held for a whole read; `giveSpan` hands it the span it asked for. `close` stops its answers.
 */
export function sessionOnPage<From extends { type: string }, Session>(
  set: ObjectSet,
  openSession: (post: (message: From) => void, readers: SpanByteReaders) => Session,
  giveSpan: (session: Session, want: Extract<From, SpanWant>, span: ObjectSpan) => void,
  onAnswer: (answer: SessionAnswer<From>) => void,
): { session: Session; close(): void } {
  let open = true;
  const spans = new SetSpans(set);
  const session: Session = openSession((message) => {
    void nextTask().then(() => {
      if (!open) return;
      if (message.type === 'want') {
        const want = message as Extract<From, SpanWant>;
        giveSpan(session, want, spans.from(want.from));
      } else if (message.type !== 'page-bytes') onAnswer(message as SessionAnswer<From>);
    });
  }, spans.pageReaders());
  return {
    session,
    close: () => {
      open = false;
    },
  };
}
