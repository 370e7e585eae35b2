/**
 * Where the property table is built for one set: in a module worker (tableWorker.ts) that reads the
 * set's texts a span at a time (objects/spans: the page names each span's objects and hands over
 * the bytes it holds, a few MB a message; bytes on disk the worker reads from the store itself),
 * or, where there is no Worker (jsdom), in the same session on the page, each message a task of
 * its own. Only the table's answers come back.
 */
import type { ObjectSet } from '../../../objects/set/objectSet';
import {
  serveSpansTo,
  sessionOnPage,
  type SessionAnswer,
} from '../../../objects/spans/spanChannel';
import type { FromTable, ToTable } from './tableMessages';
import { TableSession } from './tableSession';

/** What the page sends; the worker's requests for spans and bytes are answered here. */
export type TableRequest = Extract<ToTable, { type: 'spec' | 'rows' | 'cancel' }>;
/** What the page hears. */
export type TableAnswer = SessionAnswer<FromTable>;

export interface TableChannel {
  send(message: TableRequest): void;
  close(): void;
}

export function openTableChannel(
  set: ObjectSet,
  onAnswer: (answer: TableAnswer) => void,
): TableChannel {
  return typeof Worker === 'undefined' ? tableOnPage(set, onAnswer) : tableInWorker(set, onAnswer);
}

function tableInWorker(set: ObjectSet, onAnswer: (answer: TableAnswer) => void): TableChannel {
  const worker = new Worker(new URL('./tableWorker.ts', import.meta.url), {
    type: 'module',
    name: 'property table',
  });
  const close = serveSpansTo<FromTable>(
    worker,
    set,
    ({ read }, span): ToTable => ({ type: 'span', read, span }),
    onAnswer,
  );
  let generation = -1;
  worker.onerror = (event) => {
    event.preventDefault();
    const message = event.message || 'the table’s worker could not start';
    onAnswer({ type: 'failed', generation, message });
  };
  return {
    send: (message) => {
      if (message.type === 'spec') ({ generation } = message);
      worker.postMessage(message);
    },
    close,
  };
}

function tableOnPage(set: ObjectSet, onAnswer: (answer: TableAnswer) => void): TableChannel {
  const { session, close } = sessionOnPage<FromTable, TableSession>(
    set,
    (post, readers) => new TableSession(post, readers),
    (table, { read }, span) => table.receive({ type: 'span', read, span }),
    onAnswer,
  );
  return {
    send: (message) => session.receive(message),
    close: () => {
      close();
      session.receive({ type: 'cancel' });
    },
  };
}
