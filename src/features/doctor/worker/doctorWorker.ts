/** The model doctor, off the main thread: see doctorSession.ts. */
import { WorkerSpanReaders } from '../../../objects/spans/spanBytes';
import type { FromDoctor, ToDoctor } from './doctorMessages';
import { DoctorSession } from './doctorSession';

// The project's TypeScript setup knows the DOM's globals, not a worker's: name what is used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToDoctor>) => void) | null;
  postMessage(message: FromDoctor): void;
};

const readers = new WorkerSpanReaders((request, start, length) =>
  scope.postMessage({ type: 'page-bytes', request, start, length }),
);
const session = new DoctorSession((message) => scope.postMessage(message), readers);

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
