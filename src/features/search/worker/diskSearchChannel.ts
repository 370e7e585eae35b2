/**
 * Where the search of a body on disk runs: in a module worker of its own (diskSearchWorker.ts),
 * which reads the store through the store's reader port and asks the page for each span's objects
 * (objects/spans/textSpans.ts) and for the bytes the page holds. Only a browser with workers spills a body, so
 * there is no main-thread twin.
 */
import type { SpilledBody } from '../../../objects/set/textWindows';
import type { FromDiskSearch, ToDiskSearch } from './diskSearchMessages';
import type { DetailsRequest, SearchDetails, SearchSpec, SearchUpdate } from './objectMatching';
import { textSpan, type SpannedObjects } from '../../../objects/spans/textSpans';

interface DiskSearchChannel {
  /** Starts searching for `spec`, dropping the search before (see SearchRequest). */
  search(queryId: number, spec: SearchSpec | null, scan: boolean): void;
  stop(queryId: number): void;
  details(request: DetailsRequest): void;
  /** More objects arrived. */
  more(): void;
  close(): void;
}

export function openDiskSearchChannel(
  body: SpilledBody,
  objects: () => Omit<SpannedObjects, 'storedFrom'>,
  onUpdate: (message: SearchUpdate | SearchDetails) => void,
  onError: (message: string) => void,
): DiskSearchChannel {
  const worker = new Worker(new URL('./diskSearchWorker.ts', import.meta.url), {
    type: 'module',
    name: 'disk search',
  });
  const post = (message: ToDiskSearch, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer);
  worker.onmessage = ({ data }: MessageEvent<FromDiskSearch>) => {
    if (data.type === 'update' || data.type === 'details') onUpdate(data);
    else if (data.type === 'failed') onError(data.message);
    else if (data.type === 'want') {
      const span = textSpan({ ...objects(), storedFrom: body.storedFrom }, data.from);
      post({ type: 'span', span: { ...span, queryId: data.queryId } });
    } else {
      // Views of the page's blocks, copied as the message is: a copy made here would be an
      // ArrayBuffer of the page's heap, and a root's 50 MB of them set off its garbage collector.
      const pieces = body.pagePieces(data.start, data.length);
      post({ type: 'page-bytes', request: data.request, pieces });
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    onError(event.message || 'the search worker could not start');
  };
  const reader = body.store.reader();
  post({ type: 'open', store: reader.port }, [reader.port]);
  return {
    search: (queryId, spec, scan) => post({ type: 'search', queryId, spec, scan }),
    stop: (queryId) => post({ type: 'stop', queryId }),
    details(request) {
      const spanned = { ...objects(), storedFrom: body.storedFrom };
      // A span of one object: textSpan gives at least one.
      post({
        type: 'details',
        request,
        span: { ...textSpan(spanned, request.index, 0), queryId: request.queryId },
      });
    },
    more: () => post({ type: 'more' }),
    close: () => {
      worker.terminate();
      reader.close();
    },
  };
}
