/**
 * Where the index of who points where is built for one set: in a module worker (linksWorker.ts)
 * that reads the set's texts a span at a time (objects/spans: the page names each span's objects
 * and hands over the bytes it holds, a few MB a message; bytes on disk the worker reads from the
 * store itself), or, where there is no Worker (jsdom), on the main thread in short slices. Only
 * lookups' answers come back.
 */
import type { ObjectSet } from '../../../objects/set/objectSet';
import { BufferRing } from '../../../lib/bufferRing';
import { backgroundTask, nextTask } from '../../../lib/nextTask';
import { errorText } from '../../../lib/errorText';
import { itemsSoFar } from '../../../lib/readonlyList';
import {
  ObjectLinksBuilder,
  type ObjectLinks,
  type ObjectLinksIndex,
} from '../../../speckle/graph/objectLinks';
import { isTextTooLarge } from '../../../speckle/textLimit';
import { SPAN_BYTES } from '../../../objects/set/textWindows';
import { SetSpans } from '../../../objects/spans/setSpans';
import type { FromLinks, ToLinks } from './linksMessages';

export type LinksProgress =
  | { state: 'building'; read: number; available: number }
  | { state: 'built'; objects: number }
  | { state: 'failed'; message: string };

export interface LinksChannel {
  /** What the index says of `id`, once it is built. */
  about(id: string): Promise<ObjectLinks>;
  close(): void;
}

/** Buffers lent with spans: one for each span the worker keeps in hand (linksBuild.ts), and one more. */
const RING_BUFFERS = 5;

/** Slices on the main thread stay well under the 50 ms of a long task. */
const SLICE_MS = 8;

export function openLinks(
  set: ObjectSet,
  onProgress: (progress: LinksProgress) => void,
): LinksChannel {
  return typeof Worker === 'undefined'
    ? linksOnMainThread(set, onProgress)
    : linksInWorker(set, onProgress);
}

function linksInWorker(
  set: ObjectSet,
  onProgress: (progress: LinksProgress) => void,
): LinksChannel {
  const worker = new Worker(new URL('./linksWorker.ts', import.meta.url), {
    type: 'module',
    name: 'object links',
  });
  const post = (message: ToLinks, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  const spans = new SetSpans(set);
  const answers = new Map<
    number,
    { resolve(links: ObjectLinks): void; reject(error: Error): void }
  >();
  let nextRequest = 0;
  let failure: Error | null = null;
  // A span's bytes the page holds go in a buffer lent to the worker: see lib/bufferRing.ts.
  const ring = new BufferRing(RING_BUFFERS, SPAN_BYTES);
  const fail = (message: string) => {
    ring.close();
    failure = new Error(message);
    for (const answer of answers.values()) answer.reject(failure);
    answers.clear();
    onProgress({ state: 'failed', message });
  };
  let closed = false;
  /**
   * The spans asked for, one per task: each copies a few MB of the page's bytes. Background tasks:
   * the index is built just as a load ends, when the user opens the first objects, and those go
   * first (each open took twice as long while the copies came in tasks of normal priority).
   */
  const sendSpans = async (from: number, count: number) => {
    await backgroundTask();
    if (closed) return;
    const span = spans.from(from);
    const lends = span.inPage > 0 && span.inPage <= SPAN_BYTES;
    const lent = lends ? await ring.take() : null;
    if (closed || (lends && !lent)) return;
    const bytes = lent && lent.subarray(0, span.inPage);
    if (bytes) {
      let at = 0;
      for (const piece of spans.pagePieces(span.start, span.inPage)) {
        bytes.set(piece, at);
        at += piece.length;
      }
    }
    post({ type: 'span', span, bytes }, lent ? [lent.buffer] : []);
    if (span.ids.length > 0 && count > 1) await sendSpans(from + span.ids.length, count - 1);
  };
  worker.onmessage = ({ data }: MessageEvent<FromLinks>) => {
    switch (data.type) {
      case 'want':
        return void sendSpans(data.from, data.count);
      case 'returned':
        return ring.give(data.buffer);
      case 'page-bytes':
        return post({
          type: 'page-bytes',
          request: data.request,
          pieces: [spans.pageCopy(data.start, data.length)],
        });
      case 'progress':
        return onProgress({ state: 'building', read: data.read, available: data.available });
      case 'built':
        // No span will be asked for again: the buffers are let go.
        ring.close();
        return onProgress({ state: 'built', objects: data.objects });
      case 'about':
        answers.get(data.request)?.resolve(data.links);
        answers.delete(data.request);
        return;
      case 'failed':
        return fail(data.message);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    fail(event.message || 'the worker could not start');
  };
  const reader = spans.storeReader();
  post({ type: 'open', store: reader?.port ?? null }, reader ? [reader.port] : []);
  return {
    about: (id) =>
      failure
        ? Promise.reject(failure)
        : new Promise((resolve, reject) => {
            const request = (nextRequest += 1);
            answers.set(request, { resolve, reject });
            post({ type: 'about', request, id });
          }),
    close: () => {
      closed = true;
      ring.close();
      worker.terminate();
      reader?.close();
    },
  };
}

function linksOnMainThread(
  set: ObjectSet,
  onProgress: (progress: LinksProgress) => void,
): LinksChannel {
  let open = true;
  const built = buildInSlices(
    set,
    (read) => {
      if (open) onProgress({ state: 'building', read, available: set.summaries.length });
    },
    () => open,
  );
  built.then(
    (index) => open && onProgress({ state: 'built', objects: index.size }),
    (error: unknown) => open && onProgress({ state: 'failed', message: errorText(error) }),
  );
  return {
    about: async (id) => (await built).about(id),
    close: () => {
      open = false;
    },
  };
}

async function buildInSlices(
  set: ObjectSet,
  onRead: (read: number) => void,
  going: () => boolean,
): Promise<ObjectLinksIndex> {
  const builder = new ObjectLinksBuilder();
  const texts = set.withTexts('summaries');
  const records = Symbol.asyncIterator in texts ? texts : itemsSoFar(texts);
  let read = 0;
  let deadline = performance.now() + SLICE_MS;
  for await (const record of records) {
    if (!isTextTooLarge(record.bytes)) builder.add(record.id, record.encoded);
    read += 1;
    if (performance.now() >= deadline) {
      onRead(read);
      await nextTask();
      if (!going()) throw new Error('closed');
      deadline = performance.now() + SLICE_MS;
    }
  }
  return builder.finish();
}
