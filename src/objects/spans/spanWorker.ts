/**
 * The frame of a worker that reads a set's texts span by span (spanReading.ts): it opens the
 * store's reader port the page sends first, answers the session's reads of the page's bytes with
 * the page's replies, and hands every other message to the session.
 */
import { WorkerSpanReaders, type SpanByteReaders } from './spanBytes';

/** The messages the frame handles itself, beside the session's. */
type FrameMessage =
  | { type: 'open'; store: MessagePort | null }
  | { type: 'page-bytes'; request: number; pieces: Uint8Array[] };

/** The frame's request for the page's bytes, which the session's messages must allow. */
type PageBytesRequest = { type: 'page-bytes'; request: number; start: number; length: number };

export function serveSpanSession<To extends { type: string }, From>(
  openSession: (
    post: (message: From) => void,
    readers: SpanByteReaders,
  ) => { receive(message: Exclude<To, FrameMessage>): void },
): void {
  // The project's TypeScript setup knows the DOM's globals, not a worker's: name what is used here.
  const scope = self as unknown as {
    onmessage: ((event: MessageEvent<To | FrameMessage>) => void) | null;
    postMessage(message: From | PageBytesRequest): void;
  };
  const readers = new WorkerSpanReaders((request, start, length) =>
    scope.postMessage({ type: 'page-bytes', request, start, length }),
  );
  const session = openSession((message) => scope.postMessage(message), readers);
  scope.onmessage = ({ data }) => {
    const frame = data as FrameMessage;
    if (frame.type === 'open') {
      if (frame.store) readers.openStore(frame.store);
    } else if (frame.type === 'page-bytes') readers.pageBytes(frame.request, frame.pieces);
    else session.receive(data as Exclude<To, FrameMessage>);
  };
}
