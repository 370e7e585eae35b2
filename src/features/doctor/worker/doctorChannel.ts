/**
 * Where the model doctor checks one set: in a module worker (doctorWorker.ts) that reads the set's
 * texts a span at a time (objects/spans: the page names each span's objects and hands over the
 * bytes it holds, a few MB a message; bytes on disk the worker reads from the store itself, so
 * that the page does no work per object), or, where there is no Worker (jsdom), in the same
 * session on the page, each message a task of its own. Only progress and the report come back.
 */
import { nextTask } from '../../../lib/nextTask';
import type { ObjectSet } from '../../../objects/set/objectSet';
import { SetSpans } from '../../../objects/spans/setSpans';
import type { FromDoctor, ToDoctor } from './doctorMessages';
import { DoctorSession } from './doctorSession';

/** What the page hears; the worker's requests for spans and bytes are answered here. */
export type DoctorAnswer = Exclude<FromDoctor, { type: 'want' | 'page-bytes' }>;

export interface DoctorChannel {
  start(rootId: string | null): void;
  close(): void;
}

/** Made once the set's deferred bytes are in (ObjectSet.wantBytes): the check reads every text. */
export function openDoctorChannel(
  set: ObjectSet,
  onAnswer: (answer: DoctorAnswer) => void,
): DoctorChannel {
  return typeof Worker === 'undefined'
    ? doctorOnPage(set, onAnswer)
    : doctorInWorker(set, onAnswer);
}

function doctorInWorker(set: ObjectSet, onAnswer: (answer: DoctorAnswer) => void): DoctorChannel {
  const worker = new Worker(new URL('./doctorWorker.ts', import.meta.url), {
    type: 'module',
    name: 'model doctor',
  });
  const post = (message: ToDoctor, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  const spans = new SetSpans(set);
  worker.onmessage = ({ data }: MessageEvent<FromDoctor>) => {
    switch (data.type) {
      case 'want':
        return post({ type: 'span', span: spans.from(data.from) });
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
    onAnswer({ type: 'failed', message: event.message || 'the check’s worker could not start' });
  };
  const reader = spans.storeReader();
  post({ type: 'open', store: reader?.port ?? null }, reader ? [reader.port] : []);
  return {
    start: (rootId) => post({ type: 'start', rootId }),
    close: () => {
      worker.terminate();
      reader?.close();
    },
  };
}

function doctorOnPage(set: ObjectSet, onAnswer: (answer: DoctorAnswer) => void): DoctorChannel {
  let open = true;
  const spans = new SetSpans(set);
  const session = new DoctorSession((message) => {
    // A task per message, as a worker's would be: the page is not held for a whole check.
    void nextTask().then(() => {
      if (!open) return;
      if (message.type === 'want')
        session.receive({ type: 'span', span: spans.from(message.from) });
      else if (message.type !== 'page-bytes') onAnswer(message);
    });
  }, spans.pageReaders());
  return {
    start: (rootId) => session.receive({ type: 'start', rootId }),
    close: () => {
      open = false;
    },
  };
}
