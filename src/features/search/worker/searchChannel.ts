/**
 * Where the search across objects runs: in a module worker, or, where there is no Worker (jsdom),
 * on the main thread in short slices. Both run the same SearchSession.
 */
import type { SearchDetails, SearchUpdate } from './objectMatching';
import { SearchSession, type SearchRequest } from './searchSession';

type FromSearch = SearchUpdate | SearchDetails;

interface SearchChannel {
  send(request: SearchRequest): void;
  close(): void;
}

/** Slices on the main thread stay well under the 50 ms of a long task. */
const MAIN_THREAD_SLICE_MS = 8;

export function openSearchChannel(
  onUpdate: (message: FromSearch) => void,
  onError: (message: string) => void,
): SearchChannel {
  if (typeof Worker === 'undefined') return openOnMainThread(onUpdate);
  const worker = new Worker(new URL('./searchWorker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<FromSearch>) => onUpdate(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    onError(event.message || 'the search worker could not start');
  };
  return {
    send: (request) => worker.postMessage(request),
    close: () => worker.terminate(),
  };
}

function openOnMainThread(onUpdate: (message: FromSearch) => void): SearchChannel {
  let open = true;
  const session = new SearchSession({
    post: (update) => {
      if (open) onUpdate(update);
    },
    schedule: (task) =>
      setTimeout(() => {
        if (open) task();
      }, 0),
    sliceMs: MAIN_THREAD_SLICE_MS,
  });
  return {
    send: (request) => session.receive(request),
    close: () => {
      open = false;
    },
  };
}
