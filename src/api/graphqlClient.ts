/**
 * Sends one GraphQL operation to a Speckle server: `POST {server}/graphql` with a JSON body (which
 * also passes the server's CSRF rule), the token only in the Authorization header and only when
 * there is one, and every answer that is not data turned into a typed GraphqlError
 * (shared/speckle-graphql.md, "Transport" and "Errors").
 */
import { excerpt as oneLineExcerpt, type AnsweredBases, type ServerAccess } from './client';
import { GraphqlError, type GraphqlErrorContext, type GraphqlErrorKind } from './graphqlError';
import { isRedirect, redirectMode, redirectTarget, suggestedServer } from './redirects';
import { webAppBase } from '../speckle/serverUrl';
import { isRecord } from '../bytes/jsonValues';
import { shapeProblem, type Shape } from './answerShape';

interface GraphqlOperation {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/** One entry of a GraphQL answer's `errors`. */
interface GraphqlErrorEntry {
  message: string;
  path?: ReadonlyArray<string | number>;
  extensions?: { code?: string; scope?: string; statusCode?: number };
}

interface GraphqlResult<T> {
  /** Null when a non-null field failed: the error propagates up to the whole `data`. */
  data: T | null;
  errors: GraphqlErrorEntry[];
}

/** What the request was about, so that a refusal can name it. Never holds the token. */
export type GraphqlSubject = Pick<GraphqlErrorContext, 'projectId' | 'modelId' | 'versionId'>;

export interface GraphqlCall {
  access: ServerAccess;
  answered: AnsweredBases;
  subject?: GraphqlSubject;
  signal?: AbortSignal;
}

/** Where the GraphQL endpoint hangs off: the web app's address, without the REST `/api`. */
function graphqlBase(base: string): string {
  return webAppBase(base);
}

export async function postGraphql<T>(
  call: GraphqlCall,
  operation: GraphqlOperation,
): Promise<GraphqlResult<T>> {
  const { answered, signal } = call;
  const context = callContext(call);
  const { base } = context;
  const token = call.access.token.trim();
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify(operation),
      signal,
      // Answers depend on who asks and change as people push; the server says no-store too.
      cache: 'no-store',
      redirect: redirectMode(token),
    });
  } catch (error) {
    if (signal?.aborted) throw new GraphqlError('cancelled', context, error);
    throw new GraphqlError('network', { ...context, answeredBefore: answered.has(base) }, error);
  }
  if (isRedirect(response)) {
    const target = await redirectTarget(response, `${base}/graphql`, signal);
    const redirectedTo = target === null ? undefined : suggestedServer(target, '/graphql', token);
    throw new GraphqlError('redirected', { ...context, redirectedTo });
  }
  const text = await response.text().catch(() => '');
  const withStatus = { ...context, status: response.status };
  if (response.status >= 500) {
    throw new GraphqlError('server-error', { ...withStatus, serverText: excerpt(text) });
  }
  const body = parseJson(text);
  if (body === undefined) {
    // A web page or a 404/405 where the API should be: no GraphQL here at all.
    if (!response.ok || /^\s*</.test(text)) throw new GraphqlError('no-graphql', withStatus);
    throw new GraphqlError('bad-response', { ...withStatus, serverText: excerpt(text) });
  }
  answered.add(base);
  if (!response.ok) throw httpError(response.status, body, withStatus);
  if (!isRecord(body) || !('data' in body || 'errors' in body)) {
    throw new GraphqlError('bad-response', { ...withStatus, serverText: excerpt(text) });
  }
  return {
    data: (body.data ?? null) as T | null,
    errors: Array.isArray(body.errors) ? body.errors.map(errorEntry) : [],
  };
}

/**
 * The data of an answer whose every field is needed, checked against the shape the query promises,
 * or the error that stood in its way.
 */
export async function queryGraphql<T>(
  call: GraphqlCall,
  operation: GraphqlOperation,
  shape: Shape,
): Promise<T> {
  const { data, errors } = await postGraphql<unknown>(call, operation);
  const [first] = errors;
  if (first) throw await withOpenAccess(executionError(first, call), call);
  if (data === null) throw new GraphqlError('bad-response', callContext(call));
  const problem = shapeProblem(data, shape);
  if (problem)
    throw new GraphqlError('bad-response', { ...callContext(call), serverText: problem });
  return data as T;
}

const PROJECT_READABLE = `query ProjectReadable($projectId: String!) { project(id: $projectId) { id } }`;

/**
 * A token without `streams:read` is refused every project, public ones too, while the object
 * endpoints read public projects with it (shared/speckle-graphql.md, "Errors"). Whether this project
 * opens without a token is asked without one, so that the refusal can say so: nothing secret goes.
 */
async function withOpenAccess(error: GraphqlError, call: GraphqlCall): Promise<GraphqlError> {
  const { projectId } = error.context;
  if (error.kind !== 'missing-scope' || error.context.scope !== 'streams:read' || !projectId) {
    return error;
  }
  const anonymous = { ...call, access: { ...call.access, token: '' } };
  const readable = await postGraphql<{ project: { id: string } | null }>(anonymous, {
    query: PROJECT_READABLE,
    operationName: 'ProjectReadable',
    variables: { projectId },
  }).then(
    ({ data, errors }) => errors.length === 0 && data?.project?.id === projectId,
    () => false,
  );
  if (!readable) return error;
  return new GraphqlError('missing-scope', { ...error.context, opensWithoutToken: true }, error);
}

/**
 * The typed error for one entry of `errors`. The code says what; a FORBIDDEN's scope, and whether
 * a token went along, tell its three causes apart.
 */
export function executionError(entry: GraphqlErrorEntry, call: GraphqlCall): GraphqlError {
  const context = callContext(call);
  const code = entry.extensions?.code;
  const scope = entry.extensions?.scope;
  let kind: GraphqlErrorKind;
  switch (code) {
    case 'STREAM_NOT_FOUND':
      kind = 'project-not-found';
      break;
    case 'BRANCH_NOT_FOUND':
      kind = 'model-not-found';
      break;
    case 'COMMIT_NOT_FOUND':
      kind = 'version-not-found';
      break;
    case 'FORBIDDEN':
      kind = scope ? 'missing-scope' : context.hadToken ? 'no-access' : 'not-logged-in';
      break;
    default:
      kind = 'graphql-error';
  }
  return new GraphqlError(kind, { ...context, code, scope, serverText: excerpt(entry.message) });
}

/** What an error of this call says about it: where it went and whether a token went along. */
export function callContext({ access, subject }: GraphqlCall): GraphqlErrorContext {
  return { base: graphqlBase(access.base), hadToken: access.token.trim() !== '', ...subject };
}

const UNKNOWN_FIELD = /^Cannot query field "([^"]+)" on type/;

function httpError(status: number, body: unknown, context: GraphqlErrorContext): GraphqlError {
  if (status === 403) return new GraphqlError('invalid-token', context);
  const { message, code } = firstMessage(body);
  const withText = { ...context, code, serverText: message && excerpt(message) };
  if (status === 429) return new GraphqlError('rate-limited', withText);
  const field =
    code === 'GRAPHQL_VALIDATION_FAILED' ? UNKNOWN_FIELD.exec(message ?? '')?.[1] : undefined;
  if (field) return new GraphqlError('unsupported', { ...withText, field });
  return new GraphqlError('graphql-error', withText);
}

/** `{"errors":[{message, extensions:{code}}]}`, `{"error":{message, code}}` or `{"error":"…"}`. */
function firstMessage(body: unknown): { message?: string; code?: string } {
  if (!isRecord(body)) return {};
  const [entry] = Array.isArray(body.errors) ? body.errors : [];
  const error: unknown = isRecord(entry) ? entry : body.error;
  if (typeof error === 'string') return { message: error };
  if (!isRecord(error)) return {};
  const extensions = isRecord(error.extensions) ? error.extensions : {};
  const code = error.code ?? extensions.code;
  return {
    message: typeof error.message === 'string' ? error.message : undefined,
    code: typeof code === 'string' ? code : undefined,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function excerpt(text: string): string | undefined {
  return oneLineExcerpt(text) || undefined;
}

/**
 * A value of the answer as text. JSON's own text for what is not a string: `String` of an object
 * whose `toString` is a number, say, throws.
 */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

/** An entry of `errors` as this app reads it, whatever the server put there. */
function errorEntry(entry: unknown): GraphqlErrorEntry {
  if (!isRecord(entry)) return { message: textOf(entry) };
  const extensions = isRecord(entry.extensions) ? entry.extensions : undefined;
  const code = extensions?.code;
  const scope = extensions?.scope;
  return {
    message: textOf(entry.message ?? ''),
    path: Array.isArray(entry.path)
      ? entry.path.filter((step) => typeof step === 'string' || typeof step === 'number')
      : undefined,
    extensions: extensions && {
      code: typeof code === 'string' ? code : undefined,
      scope: typeof scope === 'string' ? scope : undefined,
    },
  };
}
