/**
 * The only code that talks to the network. It sends the token only in the Authorization header, only
 * to the base address it was given, and turns every answer that is not data into a typed ApiError.
 *
 * Speckle documents the API base as `{server}/api`, while the real server mounts `/objects` at the
 * origin root; so when an address answers with a web page or not at all, the other form is tried once
 * and the caller is told which base worked, to remember it.
 */
import { isTextTooLarge, textTooLargeMessage } from '../speckle/textLimit';
import { flatClosureCount } from '../bytes/closureAside';
import { ApiError, type ApiErrorContext } from './apiError';
import { isRedirect, redirectMode, redirectTarget, suggestedServer } from './redirects';
import { alternateBase, webAppBase } from '../speckle/serverUrl';
import { withoutSecrets } from '../speckle/secrets';

export interface ServerAccess {
  base: string;
  token: string;
}

export interface ObjectAddress {
  projectId: string;
  objectId: string;
}

export interface SingleObjectResponse {
  /** The body exactly as received (decoded as UTF-8, a leading BOM kept). */
  raw: string;
  /**
   * The body's size as received: counting the text again would cost a pass over megabytes on
   * every render, and would count each malformed sequence as its replacement character.
   */
  bytes: number;
  /** The base that answered, which may differ from the one asked for. */
  base: string;
  /**
   * How many ids its `__closure` lists, null when not read from its bytes: counted while they are
   * at hand, so that the lookup can say before Get with children whether the model will fit.
   */
  closureCount: number | null;
}

/**
 * The bases that have answered as a Speckle server in this app session. A browser reports a wrong
 * host, a refused CORS preflight, a gateway error page without CORS headers and a dropped
 * connection all the same way (a TypeError); only this history tells a flaky connection to a known
 * server (worth retrying) from a wrong address (worth saying at once, after trying the other base
 * form). The client adds to it; the caller keeps it for as long as the session lasts.
 */
export type AnsweredBases = Set<string>;

interface ObjectStreamResponse {
  body: ReadableStream<Uint8Array>;
  base: string;
}

const OBJECT_NOT_FOUND_BODY = 'Failed to find object.';

export async function fetchSingleObject(
  access: ServerAccess,
  address: ObjectAddress,
  answered: AnsweredBases,
  signal?: AbortSignal,
): Promise<SingleObjectResponse> {
  const path = `${objectPath(address)}/single`;
  // The browser's cache may keep this one: it carries an ETag, so a repeat is revalidated (304).
  const { response, base } = await requestWithFallback(
    { access, address, answered, signal },
    path,
    { headers: {} },
  );
  const context = errorContext(base, access, address, response.status);
  const bytes = await response.arrayBuffer();
  if (isTextTooLarge(bytes.byteLength)) {
    throw new ApiError(
      'too-large',
      context,
      `${textTooLargeMessage(address.objectId, bytes.byteLength)} Get with children keeps its ` +
        'bytes as received, and "Download server lines (id, tab, JSON)" saves them exactly.',
    );
  }
  const raw = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  // Not parsed here: the view parses it once when it shows it (a single object can be 20 MB), and
  // shows the exact text if it is not valid JSON. Only an answer that is no object at all is refused.
  if (!/^\uFEFF?\s*\{/.test(raw)) {
    throw new ApiError('bad-response', { ...context, serverText: excerpt(raw) });
  }
  return {
    raw,
    bytes: bytes.byteLength,
    base,
    closureCount: flatClosureCount(new Uint8Array(bytes)),
  };
}

/** Opens the with-children stream in line mode; reading the body is the caller's job. */
export async function openObjectStream(
  access: ServerAccess,
  address: ObjectAddress,
  answered: AnsweredBases,
  signal?: AbortSignal,
): Promise<ObjectStreamResponse> {
  const { response, base } = await requestWithFallback(
    { access, address, answered, signal },
    objectPath(address),
    {
      // Exactly `text/plain`: any other Accept value gets the JSON array.
      headers: { Accept: 'text/plain' },
      // The body has no validator and no lifetime, so a cached copy could never be used; it would
      // only leave up to hundreds of MB of a customer's model in the browser's disk cache (Chromium
      // wrote 27 MB of the 100k model's there), and the load keeps every byte itself anyway.
      cache: 'no-store',
    },
  );
  if (!response.body) {
    throw new ApiError('bad-response', errorContext(base, access, address, response.status));
  }
  return { body: response.body, base };
}

function objectPath({ projectId, objectId }: ObjectAddress): string {
  // Encoded so that a pasted `/`, `%`, `?` or `#` stays inside its path segment.
  return `/objects/${encodeURIComponent(projectId)}/${encodeURIComponent(objectId)}`;
}

/** What differs between the requests of the two endpoints. */
interface RequestOptions {
  headers: Record<string, string>;
  cache?: RequestCache;
}

interface RequestSetting {
  access: ServerAccess;
  address: ObjectAddress;
  answered: AnsweredBases;
  signal: AbortSignal | undefined;
}

async function requestWithFallback(
  setting: RequestSetting,
  path: string,
  options: RequestOptions,
): Promise<{ response: Response; base: string }> {
  const { base } = setting.access;
  try {
    return await request(setting, base, path, options);
  } catch (error) {
    if (!mayBeWrongAddress(error) || setting.signal?.aborted) throw error;
    try {
      return await request(setting, alternateBase(base), path, options);
    } catch (retryError) {
      // When neither form works, the address as entered explains the failure best.
      throw mayBeWrongAddress(retryError) ? error : retryError;
    }
  }
}

function mayBeWrongAddress(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    ((error.kind === 'network' && !error.context.answeredBefore) || error.kind === 'not-speckle')
  );
}

async function request(
  { access, address, answered, signal }: RequestSetting,
  base: string,
  path: string,
  { headers, cache }: RequestOptions,
): Promise<{ response: Response; base: string }> {
  const token = access.token.trim();
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      signal,
      headers: token ? { ...headers, Authorization: `Bearer ${token}` } : headers,
      cache,
      redirect: redirectMode(token),
    });
  } catch (error) {
    if (signal?.aborted) throw new ApiError('cancelled', errorContext(base, access, address));
    const context = {
      ...errorContext(base, access, address),
      answeredBefore: answered.has(base),
    };
    throw new ApiError('network', context, undefined, error);
  }
  if (isRedirect(response)) {
    const target = await redirectTarget(response, `${base}${path}`, signal);
    const redirectedTo = target === null ? undefined : suggestedServer(target, path, token);
    throw new ApiError('redirected', { ...errorContext(base, access, address), redirectedTo });
  }
  if (response.ok && !isHtml(response)) {
    answered.add(base);
    return { response, base };
  }
  const context = errorContext(base, access, address, response.status);
  const error = await errorFromResponse(response, context);
  if (isBare404(error) && !answered.has(base) && !(await answersPing(base, signal))) {
    throw new ApiError('not-speckle', { ...context, failedPing: true });
  }
  // A refusal (401, 403, 404, 429, 500) comes from the server itself; a web page or a gateway's
  // page does not show that a Speckle server is there.
  if (error.kind !== 'not-speckle' && error.kind !== 'server-error') answered.add(base);
  throw error;
}

async function errorFromResponse(response: Response, context: ApiErrorContext): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const withText = { ...context, serverText: serverMessage(text) };
  if (response.status === 404 && text.trim() === OBJECT_NOT_FOUND_BODY) {
    return new ApiError('object-not-found', withText);
  }
  // A proxy's 502/503/504 page is HTML too, yet the address is right: the server behind it failed.
  if (response.status >= 500) return new ApiError('server-error', withText);
  if (isHtml(response) || /^\s*</.test(text)) return new ApiError('not-speckle', context);
  switch (response.status) {
    case 401:
      return new ApiError('no-access', context);
    case 403:
      return new ApiError('invalid-token', withText);
    case 404:
      return text.trim() === ''
        ? new ApiError('project-not-found', context)
        : new ApiError('bad-response', withText);
    case 429:
      return new ApiError('rate-limited', withText);
  }
  return new ApiError('bad-response', withText);
}

/**
 * A 404 without Speckle's "Failed to find object." is what a Speckle server says of an unknown
 * project, and also what any other web server says of a path it does not have.
 */
function isBare404(error: ApiError): boolean {
  return (
    error.context.status === 404 &&
    (error.kind === 'project-not-found' || error.kind === 'bad-response')
  );
}

/** Speckle's unauthenticated liveness probe, beside the web app (shared/speckle-rest.md). */
async function answersPing(base: string, signal: AbortSignal | undefined): Promise<boolean> {
  try {
    const response = await fetch(`${webAppBase(base)}/api/ping`, { signal });
    return response.ok && (await response.text()).trim() === 'pong';
  } catch {
    return false;
  }
}

function isHtml(response: Response): boolean {
  return response.headers.get('content-type')?.includes('text/html') ?? false;
}

/** Speckle errors come as `{"error":"…"}` or `{"error":{"message":"…"}}`. */
function serverMessage(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && 'error' in body) {
      const error = body.error;
      if (typeof error === 'string') return excerpt(error);
      if (error && typeof error === 'object' && 'message' in error) {
        return excerpt(String(error.message));
      }
    }
  } catch {
    // Not JSON: fall through to the plain text.
  }
  return text.trim() ? excerpt(text) : undefined;
}

/** Server text for a message: one line, at most 200 characters, no secret it may echo. */
export function excerpt(text: string): string {
  const oneLine = withoutSecrets(text.replace(/\s+/g, ' ').trim());
  return oneLine.length > 200 ? `${oneLine.slice(0, 200)}…` : oneLine;
}

/** What an ApiError says about the request: never the token, only whether there was one. */
export function errorContext(
  base: string,
  access: ServerAccess,
  address: ObjectAddress,
  status?: number,
): ApiErrorContext {
  return { base, ...address, hadToken: access.token.trim() !== '', status };
}
