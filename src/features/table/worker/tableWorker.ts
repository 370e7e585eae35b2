/** The property table, off the main thread: see tableSession.ts. */
import { WorkerSpanReaders } from '../../../objects/spans/spanBytes';
import type { FromTable, ToTable } from './tableMessages';
import { TableSession } from './tableSession';

// The project's TypeScript setup knows the DOM's globals, not a worker's: name what is used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToTable>) => void) | null;
  postMessage(message: FromTable): void;
};

const readers = new WorkerSpanReaders((request, start, length) =>
  scope.postMessage({ type: 'page-bytes', request, start, length }),
);
const session = new TableSession((message) => scope.postMessage(message), readers);

scope.onmessage = ({ data }) => {
  switch (data.type) {
    case 'open':
      if (data.store) readers.openStore(data.store);
      return;
    case 'page-bytes':
      return readers.pageBytes(data.request, data.pieces);
    default:
      return session.receive(data);
  }
};
