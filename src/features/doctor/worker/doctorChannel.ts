/**
 * Where the model doctor checks one set: in a module worker (doctorWorker.ts) that reads the set's
 * texts a span at a time (objects/spans: the page names each span's objects and hands over the
 * bytes it holds, a few MB a message; bytes on disk the worker reads from the store itself, so
 * that the page does no work per object), or, where there is no Worker (jsdom), in the same
 * session on the page, each message a task of its own. Only progress and the report come back.
 */
import type { ObjectSet } from '../../../objects/set/objectSet';
import {
  serveSpansTo,
  sessionOnPage,
  type SessionAnswer,
} from '../../../objects/spans/spanChannel';
import type { FromDoctor, ToDoctor } from './doctorMessages';
import { DoctorSession } from './doctorSession';

/** What the page hears; the worker's requests for spans and bytes are answered here. */
export type DoctorAnswer = SessionAnswer<FromDoctor>;

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
  const close = serveSpansTo<FromDoctor>(
    worker,
    set,
    (_, span): ToDoctor => ({ type: 'span', span }),
    onAnswer,
  );
  worker.onerror = (event) => {
    event.preventDefault();
    onAnswer({ type: 'failed', message: event.message || 'the check’s worker could not start' });
  };
  return {
    start: (rootId) => worker.postMessage({ type: 'start', rootId } satisfies ToDoctor),
    close,
  };
}

function doctorOnPage(set: ObjectSet, onAnswer: (answer: DoctorAnswer) => void): DoctorChannel {
  const { session, close } = sessionOnPage<FromDoctor, DoctorSession>(
    set,
    (post, readers) => new DoctorSession(post, readers),
    (doctor, _, span) => doctor.receive({ type: 'span', span }),
    onAnswer,
  );
  return { start: (rootId) => session.receive({ type: 'start', rootId }), close };
}
