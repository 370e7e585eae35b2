/** The index of who points where, off the main thread: see linksBuild.ts. */
import { WorkerSpanReaders } from '../../../objects/spans/spanBytes';
import { LinksBuild } from './linksBuild';
import type { FromLinks, ToLinks } from './linksMessages';

// The project's TypeScript setup knows the DOM's globals, not a worker's: name what is used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToLinks>) => void) | null;
  postMessage(message: FromLinks, transfer?: Transferable[]): void;
};

const readers = new WorkerSpanReaders((request, start, length) =>
  scope.postMessage({ type: 'page-bytes', request, start, length }),
);
const build = new LinksBuild((message, transfer) => scope.postMessage(message, transfer), readers);

scope.onmessage = ({ data }) => {
  switch (data.type) {
    case 'open':
      if (data.store) readers.openStore(data.store);
      return build.start();
    case 'span':
      return build.receive(data.span, data.bytes);
    case 'page-bytes':
      return readers.pageBytes(data.request, data.pieces);
    case 'about':
      return build.about(data.request, data.id);
  }
};
