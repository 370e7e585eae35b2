/** The search across the objects of a body on disk, off the main thread: see spanSearch.ts. */
import { readFromStorePort } from '../../../objects/set/storeReader';
import type { FromDiskSearch, ToDiskSearch } from './diskSearchMessages';
import { SpanSearch } from './spanSearch';

// The project's TypeScript setup knows the DOM's globals, not a worker's: name what is used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToDiskSearch>) => void) | null;
  postMessage(message: FromDiskSearch): void;
};

let readStored: ((start: number, length: number) => Promise<Uint8Array>) | null = null;
const pageReads = new Map<number, (pieces: Uint8Array[]) => void>();
let nextPageRead = 0;

const search = new SpanSearch({
  post: (message) => scope.postMessage(message),
  readStored: (start, length) =>
    readStored
      ? readStored(start, length)
      : Promise.reject(new Error('the search has no store to read')),
  readPage: (start, length) =>
    new Promise((resolve) => {
      const request = (nextPageRead += 1);
      pageReads.set(request, resolve);
      scope.postMessage({ type: 'page-bytes', request, start, length });
    }),
});

scope.onmessage = ({ data }) => {
  switch (data.type) {
    case 'open':
      readStored = readFromStorePort(data.store);
      return;
    case 'search':
      return search.search(data.queryId, data.spec, data.scan);
    case 'stop':
      return search.stop(data.queryId);
    case 'details':
      return void search.details(data.request, data.span);
    case 'span':
      return search.receive(data.span);
    case 'more':
      return search.more();
    case 'page-bytes':
      pageReads.get(data.request)?.(data.pieces);
      pageReads.delete(data.request);
      return;
  }
};
