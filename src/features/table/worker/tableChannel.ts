/**
 * Where the property table is built for one set: in a module worker (tableWorker.ts) that reads the
 * set's texts a span at a time, as the search of a body on disk does (the page names each span's
 * objects with the search's textSpan and hands over the bytes it holds, a few MB a message; bytes
 * on disk the worker reads from the store itself), or, where there is no Worker (jsdom), in the
 * same session on the page, each message a task of its own. Only the table's answers come back.
 */
import type { ObjectSet } from '../../../objects/set/objectSet';
import { nextTask } from '../../../lib/nextTask';
import { spanBody, type SpanBody } from '../../../objects/set/spanBytes';
import { SPAN_BYTES } from '../../../objects/set/textWindows';
import { textSpan } from '../../search';
import type { FromTable, TableSpan, ToTable } from './tableMessages';
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

function spanOf(set: ObjectSet, body: SpanBody, generation: number, from: number): TableSpan {
  const objects = {
    // Those whose text can be read: all received, unless the storage filled (ObjectSet).
    count: set.getProgress().readable,
    record: (index: number) => set.summaries.at(index)!,
    storedFrom: body.storedFrom,
  };
  return textSpan(objects, generation, from);
}

function tableInWorker(set: ObjectSet, onAnswer: (answer: TableAnswer) => void): TableChannel {
  const worker = new Worker(new URL('./tableWorker.ts', import.meta.url), {
    type: 'module',
    name: 'property table',
  });
  const post = (message: ToTable, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  const body = spanBody(set);
  const copy = new ReusedCopy();
  let generation = -1;
  worker.onmessage = ({ data }: MessageEvent<FromTable>) => {
    switch (data.type) {
      case 'want':
        return post({
          type: 'span',
          generation: data.generation,
          span: spanOf(set, body, data.generation, data.from),
        });
      case 'page-bytes':
        return post({
          type: 'page-bytes',
          request: data.request,
          pieces: [copy.of(body.pagePieces(data.start, data.length))],
        });
      default:
        return onAnswer(data);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    const message = event.message || 'the table’s worker could not start';
    onAnswer({ type: 'failed', generation, message });
  };
  const reader = set.spilledBody()?.store.reader() ?? null;
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

/**
 * The page's bytes a span needs, gathered into one buffer, the same one request after request,
 * which the message then copies. Views of the page's blocks would be copied with the whole of
 * each block they look into (a typed array is cloned with its entire buffer); a new buffer per
 * request would be hundreds of MB of garbage for the page to collect (doctor/worker/textBatches.ts).
 */
class ReusedCopy {
  private buffer = new Uint8Array(SPAN_BYTES);

  of(pieces: readonly Uint8Array[]): Uint8Array {
    const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
    if (this.buffer.length < length) this.buffer = new Uint8Array(length);
    let at = 0;
    for (const piece of pieces) {
      this.buffer.set(piece, at);
      at += piece.length;
    }
    return this.buffer.subarray(0, length);
  }
}

function tableOnPage(set: ObjectSet, onAnswer: (answer: TableAnswer) => void): TableChannel {
  let open = true;
  const body = spanBody(set);
  const spilled = set.spilledBody();
  const session = new TableSession(
    (message) => {
      // A task per message, as a worker's would be: the page is not held for a whole build.
      void nextTask().then(() => {
        if (!open) return;
        if (message.type === 'want') {
          const span = spanOf(set, body, message.generation, message.from);
          session.receive({ type: 'span', generation: message.generation, span });
        } else if (message.type !== 'page-bytes') onAnswer(message);
      });
    },
    {
      readPage: (start, length) => Promise.resolve(body.pagePieces(start, length)),
      readStored: (start, length) =>
        spilled
          ? spilled.store.read(start, length)
          : Promise.reject(new Error('there is no store to read')),
    },
  );
  return {
    send: (message) => session.receive(message),
    close: () => {
      open = false;
      session.receive({ type: 'cancel' });
    },
  };
}
