/**
 * The model doctor as a conversation: on `start` the session reads the set's texts a span at a
 * time (objects/spans: the page names each span's objects; their bytes come from the page or the
 * store), checks each object as it comes, and answers with progress, then the report. It runs in
 * the doctor's worker, or on the page where there is no Worker (jsdom), so that both share this
 * code. A check is ended by ending its worker; one session checks once.
 */
import { decodeSpan } from '../../../bytes/utf8Text';
import { errorText } from '../../../lib/errorText';
import type { SpanByteReaders } from '../../../objects/spans/spanBytes';
import { eachText, readSpans } from '../../../objects/spans/spanReading';
import type { ObjectSpan } from '../../../objects/spans/textSpans';
import { ModelCheck } from '../core/modelCheck';
import type { FromDoctor, ToDoctor } from './doctorMessages';

/** Progress is told at most this often: each is a render of the page's panel. */
const PROGRESS_MS = 250;

export class DoctorSession {
  private started = false;
  private spanAnswer: { from: number; resolve(span: ObjectSpan): void } | null = null;

  constructor(
    private readonly post: (message: FromDoctor) => void,
    private readonly readers: SpanByteReaders,
    private readonly now: () => number = () => performance.now(),
  ) {}

  receive(message: Extract<ToDoctor, { type: 'start' | 'span' }>): void {
    if (message.type === 'start') {
      if (this.started) return;
      this.started = true;
      this.check(message.rootId).catch((error: unknown) =>
        this.post({ type: 'failed', message: errorText(error) }),
      );
      return;
    }
    const answer = this.spanAnswer;
    if (answer?.from !== message.span.from) return;
    this.spanAnswer = null;
    answer.resolve(message.span);
  }

  private async check(rootId: string | null): Promise<void> {
    const check = new ModelCheck(rootId);
    const want = (from: number) =>
      new Promise<ObjectSpan>((resolve) => {
        this.spanAnswer = { from, resolve };
        this.post({ type: 'want', from });
      });
    let checked = 0;
    let unread = 0;
    let told = Number.NEGATIVE_INFINITY;
    for await (const read of readSpans(want, this.readers)) {
      eachText(
        read,
        (id, text) => check.addText(id, decodeSpan(text, 0, text.length)),
        (id) => {
          unread += 1;
          check.addUnread(id);
        },
      );
      checked += read.span.ids.length;
      if (this.now() - told >= PROGRESS_MS) {
        told = this.now();
        this.post({ type: 'progress', checked, total: read.span.available });
      }
    }
    this.post({ type: 'report', report: check.report(), unread });
  }
}
