/**
 * Requests a with-children body and indexes it as it arrives, in the realm that runs it: the
 * indexing worker in browsers, the page itself without Worker (jsdom, node). Pure, like indexing.ts:
 * both hosts run this one function and route its replies the same way (objects/load/indexChannel.ts).
 *
 * The body is read where it is indexed because reading it is most of a load's cost on the thread
 * that reads (Chromium's own work: draining the network pipe, a buffer per chunk), and on the
 * page's main thread, after any busy moment, Chromium drained the backlog in one long task
 * (docs/loading.md, point 1).
 */
import { ApiError, isApiError, type ApiErrorContext, type ApiErrorKind } from '../../api/apiError';
import {
  errorContext,
  openObjectStream,
  type ObjectAddress,
  type ServerAccess,
} from '../../api/client';
import type { BytesInFiles, FileNote } from '../files/fileLoad';
import { indexerReply, type BlockIndexer, type FromIndexer } from './indexing';
import type { BodyCeilings } from '../../bytes/lines';
import { errorText } from '../../lib/errorText';

export interface LoadRequest {
  access: ServerAccess;
  address: ObjectAddress;
  /** Where the read stops, keeping what came before (objects/load/loadCeilings.ts). */
  ceilings: BodyCeilings;
  /** The bases that have answered as a Speckle server in this session (client.ts). */
  answered: string[];
}

/** An ApiError as data: an error's class does not survive the trip between threads. */
interface ApiErrorData {
  kind: ApiErrorKind;
  context: ApiErrorContext;
  message: string;
}

export type FromLoad =
  /** The server answered with the body; blocks follow, then `finished`. */
  | { kind: 'opened'; base: string; answered: string[] }
  /** The request failed or the server refused it: nothing follows. */
  | { kind: 'refused'; error: ApiErrorData; answered: string[] }
  /** Opened files have no server: their loads tell what they read instead. */
  | FileNote
  | BytesInFiles
  | FromIndexer;

export type SendReply = (reply: FromLoad, transfer?: ArrayBuffer[]) => void;

export async function loadBody(
  request: LoadRequest,
  indexer: BlockIndexer,
  send: SendReply,
  signal?: AbortSignal,
): Promise<void> {
  const { access, address } = request;
  const answered = new Set(request.answered);
  let body: ReadableStream<Uint8Array>;
  try {
    const opened = await openObjectStream(access, address, answered, signal);
    body = opened.body;
    send({ kind: 'opened', base: opened.base, answered: [...answered] });
  } catch (error) {
    send({ kind: 'refused', error: toErrorData(error, request), answered: [...answered] });
    return;
  }
  indexer.limit(request.ceilings);
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel);
  let broken: string | undefined;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const indexed = indexerReply(indexer, { kind: 'chunk', chunk: value });
      if (indexed) send(indexed.reply, indexed.transfer);
      // The indexer stops at a malformed line or a ceiling; what follows is not read.
      const malformed = indexed?.reply.kind === 'block' && indexed.reply.block.malformed;
      if (malformed || indexer.stoppedAt) {
        cancel();
        break;
      }
    }
  } catch (error) {
    broken = errorText(error);
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
  const finished = indexer.finish();
  send(
    broken === undefined
      ? { kind: 'finished', ...finished }
      : { kind: 'finished', ...finished, broken },
  );
}

function toErrorData(error: unknown, { access, address }: LoadRequest): ApiErrorData {
  const apiError = isApiError(error)
    ? error
    : new ApiError('truncated', errorContext(access.base, access, address));
  return { kind: apiError.kind, context: apiError.context, message: apiError.message };
}

export function fromErrorData({ kind, context, message }: ApiErrorData): ApiError {
  return new ApiError(kind, context, message);
}
