/**
 * Where the model doctor runs: in a module worker, or, where there is no Worker (jsdom), on the
 * page, a batch per message as the page sends them. Both run the same DoctorSession.
 */
import type { FromDoctor, ToDoctor } from './doctorMessages';
import { DoctorSession } from './doctorSession';

interface DoctorChannel {
  send(message: ToDoctor): void;
  close(): void;
}

export function openDoctorChannel(onMessage: (message: FromDoctor) => void): DoctorChannel {
  if (typeof Worker === 'undefined') {
    let open = true;
    const session = new DoctorSession((message) => {
      if (open) onMessage(message);
    });
    return {
      send: (message) => session.receive(message),
      close: () => {
        open = false;
      },
    };
  }
  const worker = new Worker(new URL('./doctorWorker.ts', import.meta.url), {
    type: 'module',
    name: 'model doctor',
  });
  worker.onmessage = (event: MessageEvent<FromDoctor>) => onMessage(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    onMessage({ type: 'failed', message: event.message || 'the check’s worker could not start' });
  };
  return {
    // A batch's buffer is transferred, and comes back with its progress (textBatches.ts).
    send: (message) =>
      worker.postMessage(message, message.type === 'batch' ? [message.bytes.buffer] : []),
    close: () => worker.terminate(),
  };
}
