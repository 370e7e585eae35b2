/**
 * The model doctor as a conversation: the page sends the objects' texts in batches, the session
 * checks each as it comes and answers with progress, then the report. It runs in the doctor's
 * worker, or on the page where there is no Worker (jsdom), so that both share this code.
 */
import { decodeSpan } from '../../../bytes/utf8Text';
import { errorText } from '../../../lib/errorText';
import { ModelCheck } from '../core/modelCheck';
import type { FromDoctor, ToDoctor } from './doctorMessages';

export class DoctorSession {
  private check: ModelCheck | null = null;
  private checked = 0;

  constructor(private readonly post: (message: FromDoctor, transfer?: Transferable[]) => void) {}

  receive(message: ToDoctor): void {
    try {
      this.take(message);
    } catch (error) {
      this.check = null;
      this.post({ type: 'failed', message: errorText(error) });
    }
  }

  private take(message: ToDoctor): void {
    if (message.type === 'start') {
      this.check = new ModelCheck(message.rootId);
      this.checked = 0;
      return;
    }
    const { check } = this;
    if (!check) return;
    if (message.type === 'finish') {
      this.check = null;
      this.post({ type: 'report', report: check.report(), unread: message.unread });
      return;
    }
    const { ids, ends, bytes } = message;
    let start = 0;
    for (let index = 0; index < ids.length; index += 1) {
      const end = ends[index] as number;
      check.addText(ids[index] as string, decodeSpan(bytes, start, end));
      start = end;
    }
    this.checked += ids.length;
    const { buffer } = bytes;
    this.post({ type: 'progress', checked: this.checked, buffer }, [buffer]);
  }
}
