/**
 * Every way a GraphQL request to a Speckle server can fail, each with its own message. The codes,
 * statuses and messages follow shared/speckle-graphql.md ("Errors"): a refusal while running comes
 * as 200 with `errors` (branch on `code`; "log in first" is FORBIDDEN, there is no
 * UNAUTHENTICATED), a bad token as 403 plain JSON, a rate limit as 429 plain JSON.
 */
import type { FieldToFix } from './fieldToFix';
import { capitalise } from '../lib/capitalise';
import { withoutSecrets } from '../speckle/secrets';
import { redirectedText } from './redirectedText';

export type GraphqlErrorKind =
  | 'project-not-found'
  | 'not-logged-in'
  | 'no-access'
  | 'missing-scope'
  | 'model-not-found'
  | 'version-not-found'
  | 'invalid-token'
  | 'rate-limited'
  | 'unsupported'
  | 'no-graphql'
  | 'redirected'
  | 'graphql-error'
  | 'server-error'
  | 'network'
  | 'bad-response'
  | 'cancelled';

export interface GraphqlErrorContext {
  /** Where the GraphQL endpoint is: the server's address without `/graphql`; never the token. */
  base: string;
  hadToken: boolean;
  status?: number;
  /** The server's `extensions.code`, for errors this app did not expect. */
  code?: string;
  /** What the server said, shortened. */
  serverText?: string;
  /** The scope a token lacked (`streams:read`, `profile:read`). */
  scope?: string;
  /** The field an older server does not know (`viewerResourcesExtended`). */
  field?: string;
  projectId?: string;
  modelId?: string;
  versionId?: string;
  /** For a failed request: this base had answered earlier, so the address is right. */
  answeredBefore?: boolean;
  /** For a request cancelled while waiting to be tried again: what the server had answered. */
  waitedFor?: string;
  /** For a token without `streams:read`: the project answers without a token (it is public). */
  opensWithoutToken?: boolean;
  /** For a redirect the request did not follow: the server address it led to, when known. */
  redirectedTo?: string;
}

export class GraphqlError extends Error {
  readonly kind: GraphqlErrorKind;
  readonly context: GraphqlErrorContext;

  constructor(kind: GraphqlErrorKind, context: GraphqlErrorContext, cause?: unknown) {
    super(withoutSecrets(describe(kind, context)), { cause });
    this.name = 'GraphqlError';
    this.kind = kind;
    this.context = context;
  }

  /** Worth retrying by itself, by the same rules as the REST calls (retryPolicy.ts). */
  get isTransient(): boolean {
    const { status, answeredBefore } = this.context;
    return (
      this.kind === 'rate-limited' ||
      (this.kind === 'server-error' && (status === 502 || status === 503 || status === 504)) ||
      (this.kind === 'network' && answeredBefore === true)
    );
  }
}

export function isGraphqlError(error: unknown): error is GraphqlError {
  return error instanceof GraphqlError;
}

/** The form fields a refusal puts in doubt, most likely first, as the lookup's alerts name them. */
export function graphqlFieldsToFix(error: GraphqlError): FieldToFix[] {
  switch (error.kind) {
    case 'invalid-token':
    case 'missing-scope':
    case 'not-logged-in':
      return ['Access token'];
    case 'no-access':
      return ['Access token', 'Project ID'];
    case 'project-not-found':
      return ['Project ID'];
    case 'network':
      return error.context.answeredBefore ? [] : ['Server URL'];
    case 'redirected':
      return ['Server URL'];
    default:
      return [];
  }
}

function describe(kind: GraphqlErrorKind, c: GraphqlErrorContext): string {
  const project = c.projectId ? `project ${c.projectId}` : 'this project';
  switch (kind) {
    case 'project-not-found':
      return `There is no ${project} on ${c.base}. Check the project id: it is the 10 characters after /projects/ in a Speckle link.`;
    case 'not-logged-in':
      return `${capitalise(project)} is private: enter an access token for ${c.base} whose account has a role on it.`;
    case 'no-access':
      return `Your token's account has no role on ${project}, which is private. Ask the project's owner for access, or use a token of an account that has it.`;
    case 'missing-scope':
      return c.opensWithoutToken
        ? `Your token does not have the ${c.scope ?? 'required'} scope, which Speckle's GraphQL API needs to read any project, even a public one (the objects load with it all the same). ${capitalise(project)} is public: it opens without a token. Open it without the token, or create a token with ${c.scope ?? 'that scope'} in your Speckle profile (Settings → Developer → Access tokens).`
        : `Your token does not have the ${c.scope ?? 'required'} scope. Create a token with ${c.scope ?? 'that scope'} in your Speckle profile (Settings → Developer → Access tokens).`;
    case 'model-not-found':
      return `There is no model${named(c.modelId)} in ${project}. Check the link: the model may have been deleted.`;
    case 'version-not-found':
      return `There is no version${named(c.versionId)} in ${project}${c.modelId ? ` under model ${c.modelId}` : ''}. Check the link: the version may have been deleted or belong to another model.`;
    case 'invalid-token':
      return `The server rejected the access token as not valid (403). It may be mistyped, revoked or expired. Create a new personal access token in your Speckle profile (Settings → Developer → Access tokens) and paste it here.`;
    case 'rate-limited':
      return `The server is limiting how fast this token may make requests (429). Wait a moment, then retry.`;
    case 'unsupported':
      return `${c.base} runs an older Speckle server that does not know ${c.field ? `“${c.field}”` : 'this query'}.`;
    case 'no-graphql':
      return `${c.base} has no Speckle GraphQL API${c.status ? ` (${c.status})` : ''}, so links to models and versions cannot be resolved there. Object ids and links to objects still work.`;
    case 'redirected':
      return redirectedText(c.base, c.redirectedTo);
    case 'graphql-error':
      return `The server refused the request${c.serverText ? `: “${c.serverText}”` : ' without saying why'}${c.code ? ` (${c.code})` : ''}.`;
    case 'server-error':
      return c.status === 502 || c.status === 503 || c.status === 504
        ? `A proxy or gateway in front of the server answered ${c.status}: the Speckle server behind it is down, overloaded or restarting. Retry in a minute.`
        : `The server failed while answering (${c.status ?? '5xx'})${c.serverText ? `: “${c.serverText}”` : ''}. Retry later or tell the server's administrator.`;
    case 'network':
      return c.answeredBefore
        ? `Could not reach ${c.base}, which answered earlier: the connection or a proxy in front of the server failed. Retry in a minute.`
        : `Could not reach ${c.base}. The address may be wrong, you may be offline, or the browser blocked the request.`;
    case 'bad-response':
      return `${c.base} sent a GraphQL answer this app cannot read${c.serverText ? ` (“${c.serverText}”)` : ''}.`;
    case 'cancelled':
      return c.waitedFor
        ? `Cancelled: nothing more was asked of ${c.base}${c.status ? `, which had answered ${c.status}` : ''}. ${c.waitedFor}`
        : 'The request was cancelled.';
  }
}

function named(id: string | undefined): string {
  return id ? ` ${id}` : '';
}
