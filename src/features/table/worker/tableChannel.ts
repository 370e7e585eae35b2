/**
 * Where the property table is built for one set: in a module worker (tableWorker.ts) that reads the
 * set's texts a span at a time (objects/spans: the page names each span's objects and hands over
 * the bytes it holds, a few MB a message; bytes on disk the worker reads from the store itself),
 * or, where there is no Worker (jsdom), in the same session on the page, each message a task of
 * its own. Only the table's answers come back.
 */
import type { ObjectSet } from '../../../objects/set/objectSet';
import { nextTask } from '../../../lib/nextTask';
import { SetSpans } from '../../../objects/spans/setSpans';
import type { FromTable, ToTable } from './tableMessages';
import { TableSession } from './tableSession';

/** What the page sends; the worker's requests for spans and bytes are answered here. */
export type TableRequest = Extract<ToTable, { type: 'spec' | 'rows' | 'cancel' }>;
/** What the page hears. */
export type TableAnswer = Exclude<FromTable, { type: 'want' | 'page-bytes' }>;

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
  const post = (message: ToTable, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  const spans = new SetSpans(set);
  let generation = -1;
  worker.onmessage = ({ data }: MessageEvent<FromTable>) => {
    switch (data.type) {
      case 'want':
        return post({ type: 'span', read: data.read, span: spans.from(data.from) });
      case 'page-bytes': {
        const pieces = [spans.pageCopy(data.start, data.length)];
        return post({ type: 'page-bytes', request: data.request, pieces });
      }
      default:
        return onAnswer(data);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    const message = event.message || 'the table’s worker could not start';
    onAnswer({ type: 'failed', generation, message });
  };
  const reader = spans.storeReader();
  post({ type: 'open', store: reader?.port ?? null }, reader ? [reader.port] : []);
  return {
    send: (message) => {
      if (message.type === 'spec') ({ generation } = message);
      post(message);
    },
    close: () => {
      worker.terminate();
      reader?.close();
    },
  };
}

function tableOnPage(set: ObjectSet, onAnswer: (answer: TableAnswer) => void): TableChannel {
  let open = true;
  const spans = new SetSpans(set);
  const session = new TableSession((message) => {
    // A task per message, as a worker's would be: the page is not held for a whole build.
    void nextTask().then(() => {
      if (!open) return;
      if (message.type === 'want') {
        session.receive({ type: 'span', read: message.read, span: spans.from(message.from) });
      } else if (message.type !== 'page-bytes') onAnswer(message);
    });
  }, spans.pageReaders());
  return {
    send: (message) => session.receive(message),
    close: () => {
      open = false;
      session.receive({ type: 'cancel' });
    },
  };
}
