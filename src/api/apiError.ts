/**
 * Every way a request to a Speckle server can fail, each with a message that names the likely cause
 * and what to do. The statuses and bodies follow the server's observed behaviour
 * (shared/speckle-rest.md, "Authentication and errors").
 */
import { isGraphqlError } from './graphqlError';
import { capitalise } from '../lib/capitalise';
import { withoutSecrets } from '../speckle/secrets';
import { redirectedText } from './redirectedText';
import type { FieldToFix } from './fieldToFix';
import type { CeilingName } from '../bytes/lines';

export type ApiErrorKind =
  | 'invalid-token'
  | 'no-access'
  | 'project-not-found'
  | 'object-not-found'
  | 'rate-limited'
  | 'server-error'
  | 'network'
  | 'not-speckle'
  | 'redirected'
  | 'bad-response'
  | 'truncated'
  | 'malformed'
  | 'too-large'
  | 'cancelled'
  /** The browser's storage stopped keeping a spilled body (objects/spill/storageNotes.ts). */
  | 'storage-full'
  /** The body passed one of the load's ceilings (objects/load/loadCeilings.ts). */
  | 'ceiling';

export interface ApiErrorContext {
  /** The base address the request went to (origin plus any path prefix); never holds the token. */
  base: string;
  projectId: string;
  objectId: string;
  hadToken: boolean;
  status?: number;
  /** What the server said, shortened, for the details line. */
  serverText?: string;
  /**
   * For a failed request: this base had answered earlier in this page, so the address is right and
   * the failure is the network's or a gateway's.
   */
  answeredBefore?: boolean;
  /**
   * The answer could have been a Speckle server's refusal (a 404), but the address does not
   * answer Speckle's ping: it is some other web server.
   */
  failedPing?: boolean;
  /**
   * For a with-children load that ended early: how many objects had arrived. Its message says
   * that what arrived is shown only when something did.
   */
  received?: number;
  /** For a redirect the request did not follow: the server address it led to, when known. */
  redirectedTo?: string;
  /** For a load stopped at one of its ceilings: which one. */
  ceiling?: CeilingName;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly context: ApiErrorContext;

  constructor(kind: ApiErrorKind, context: ApiErrorContext, detail?: string, cause?: unknown) {
    super(withoutSecrets(detail ?? describe(kind, context)), { cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.context = context;
  }

  /**
   * Worth retrying by itself: the server said to wait, or a gateway or the network lost it for a
   * moment. A failed request to an address that never answered is not: it is most likely a wrong
   * address, which the user should hear about at once rather than after a round of retries.
   */
  get isTransient(): boolean {
    return (
      this.kind === 'rate-limited' ||
      (this.kind === 'server-error' && isGatewayStatus(this.context.status)) ||
      (this.kind === 'network' && this.context.answeredBefore === true)
    );
  }
}

export type { FieldToFix } from './fieldToFix';

/**
 * Whether asking again unchanged can succeed: a wait, a network or a server failure can pass; a
 * refusal (401, 403, 404) or an address that is no Speckle API answers the same every time.
 */
export function retryCanHelp(error: ApiError): boolean {
  switch (error.kind) {
    case 'rate-limited':
    case 'server-error':
    case 'network':
    case 'truncated':
    case 'malformed':
    case 'cancelled':
    case 'storage-full':
      return true;
    default:
      return false;
  }
}

/** What to correct instead, most likely first. */
export function fieldsToFix(error: ApiError): FieldToFix[] {
  switch (error.kind) {
    case 'invalid-token':
      return ['Access token'];
    case 'no-access':
      return error.context.hadToken ? ['Access token', 'Project ID'] : ['Access token'];
    case 'project-not-found':
      return ['Project ID'];
    case 'object-not-found':
      return ['Object ID', 'Project ID'];
    case 'not-speckle':
    case 'redirected':
    case 'bad-response':
      return ['Server URL'];
    case 'network':
      return error.context.answeredBefore ? [] : ['Server URL'];
    default:
      return [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function describe(kind: ApiErrorKind, c: ApiErrorContext): string {
  const project = `project ${c.projectId}`;
  switch (kind) {
    case 'invalid-token':
      return `The server rejected the access token as not valid (403). It may be mistyped, revoked or expired. Create a new personal access token in your Speckle profile (Settings → Developer → Access tokens) and paste it here.`;
    case 'no-access':
      return c.hadToken
        ? `Your token cannot read ${project} (401). The project is private and the token's account has no role on it, or the token lacks the streams:read scope, or the project does not exist. Check the project id, ask the project owner for access, or use a token with the streams:read scope.`
        : `${capitalise(project)} needs a token (401): it is private or does not exist. Enter an access token for ${c.base}.`;
    case 'project-not-found':
      return `There is no ${project} on ${c.base} (404). Check the project id: it is the 10 characters after /projects/ in a Speckle link.`;
    case 'object-not-found':
      return `Object ${c.objectId} is not in ${project} (404: "Failed to find object."). Objects belong to the project they were sent to: check both ids, and that this is an object id (32 characters), not a model or version id.`;
    case 'rate-limited':
      return `The server is limiting how fast this token may make requests (429). Wait a moment, then retry.`;
    case 'server-error':
      return isGatewayStatus(c.status)
        ? `A proxy or gateway in front of the server answered ${c.status}: the Speckle server behind it is down, overloaded or restarting. The address is right; retry in a minute.`
        : `The server failed while answering (${c.status ?? '5xx'}). This is a problem on the server's side${c.serverText ? ` ("${c.serverText}")` : ''}; retry later or tell the server's administrator.`;
    case 'network':
      if (c.answeredBefore) {
        return `${isOffline() ? 'Your browser reports that it is offline. ' : ''}Could not reach ${c.base}, which answered earlier, so the address is right. The connection failed, or the server or a proxy in front of it did (502, 503 and 504 pages reach the browser as a failed request); retry in a minute.`;
      }
      return `${isOffline() ? 'Your browser reports that it is offline. ' : ''}Could not reach ${c.base}. Possible causes: you are offline; the server address is wrong; the server or a proxy in front of it failed (502, 503 and 504 pages reach the browser as a failed request); or the browser blocked the request (an http server from an https page, or a server that does not allow this site).`;
    case 'not-speckle':
      return c.failedPing
        ? `${c.base} answered ${c.status ?? 'with an error'} and does not answer Speckle's ping: this address is not a Speckle server's API, so the server URL is wrong, not the ids. Use the address you open Speckle at, such as https://app.speckle.systems.`
        : `${c.base} answered with a web page instead of Speckle data${c.status ? ` (${c.status})` : ''}: this address is not a Speckle server's API, so the server URL is wrong, not the ids. Use the address you open Speckle at, such as https://app.speckle.systems.`;
    case 'redirected':
      return redirectedText(c.base, c.redirectedTo);
    case 'bad-response':
      return `${c.base} sent an answer this app cannot read${c.serverText ? ` ("${c.serverText}")` : ''}.`;
    case 'truncated':
      return arrived(c)
        ? `The download stopped before the server finished sending: the connection closed early. What arrived is shown and marked incomplete; retry to get the rest.`
        : `The download stopped before the server sent any object: the connection closed early. Retry to get the objects.`;
    case 'malformed':
      return `The server sent a line this app cannot read${c.serverText ? ` ("${c.serverText}")` : ''}.${arrived(c) ? ' What arrived before it is shown and marked incomplete.' : ''}`;
    case 'too-large':
      return `Object ${c.objectId} is larger than this explorer reads as text.`;
    case 'cancelled':
      return arrived(c)
        ? `You cancelled the download. What arrived is shown and marked incomplete.`
        : `You cancelled the download before any object arrived.`;
    case 'ceiling':
      return `The load stopped at one of this tab's load limits. What arrived is shown and marked incomplete; raise the limit under "Load limits" to read further.`;
    case 'storage-full':
      return `The browser's storage stopped keeping the download. What it kept is shown and marked incomplete; free some of the browser's storage, then retry.`;
  }
}

/**
 * Why an automatic retry is under way, in a few words for the status line: the object endpoints'
 * and GraphQL's waits read alike.
 */
export function retryReason(error: unknown): string {
  if (!isApiError(error) && !isGraphqlError(error)) return 'The request failed';
  switch (error.kind) {
    case 'server-error':
      return `The server's gateway answered ${error.context.status ?? 'with an error'}`;
    case 'network':
      return 'Could not reach the server';
    default:
      return 'The server is limiting requests';
  }
}

/** Whether a load that ended early had received objects; no count means it had not begun. */
function arrived(c: ApiErrorContext): boolean {
  return (c.received ?? 0) > 0;
}

function isGatewayStatus(status: number | undefined): boolean {
  return status === 502 || status === 503 || status === 504;
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
