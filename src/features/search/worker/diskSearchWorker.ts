/** The search across the objects of a body on disk, off the main thread: see spanSearch.ts. */
import { WorkerSpanReaders } from '../../../objects/spans/spanBytes';
import type { FromDiskSearch, ToDiskSearch } from './diskSearchMessages';
import { SpanSearch } from './spanSearch';

// The project's TypeScript setup knows the DOM's globals, not a worker's: name what is used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToDiskSearch>) => void) | null;
  postMessage(message: FromDiskSearch): void;
};

const readers = new WorkerSpanReaders((request, start, length) =>
  scope.postMessage({ type: 'page-bytes', request, start, length }),
);
const search = new SpanSearch({
  post: (message) => scope.postMessage(message),
  readStored: readers.readStored,
  readPage: readers.readPage,
});

scope.onmessage = ({ data }) => {
  switch (data.type) {
    case 'open':
      return readers.openStore(data.store);
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
      return readers.pageBytes(data.request, data.pieces);
  }
};
