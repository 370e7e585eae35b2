/** The model doctor, off the main thread: see doctorSession.ts. */
import type { FromDoctor, ToDoctor } from './doctorMessages';
import { DoctorSession } from './doctorSession';

// The project's TypeScript setup knows the DOM's globals, not a worker's: name what is used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToDoctor>) => void) | null;
  postMessage(message: FromDoctor, transfer?: Transferable[]): void;
};

const session = new DoctorSession((message, transfer) => scope.postMessage(message, transfer));

scope.onmessage = (event) => session.receive(event.data);
