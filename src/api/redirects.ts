/**
 * A request that carries a token never follows a redirect: the browser would send the
 * Authorization header on to wherever the server points, another origin included. It stops at the
 * redirect instead ('manual' rather than 'error': both stop there, but 'error' fails like a lost
 * connection, and the user could not be told what happened), and the error names where it led.
 */
export function redirectMode(token: string): RequestRedirect {
  return token ? 'manual' : 'follow';
}

/** A browser hides a stopped redirect behind an opaque answer; Node's fetch hands over the 3xx. */
export function isRedirect(response: Response): boolean {
  const { type, status } = response;
  return type === 'opaqueredirect' || (status >= 300 && status < 400 && status !== 304);
}

/**
 * Where a redirected request leads. The browser hides a stopped redirect's Location, so the same
 * address is asked again without the token, following redirects, and dropped as soon as the
 * headers say where it ended. Null when that cannot be told: the target does not allow this site
 * (CORS), or does not answer.
 */
export async function redirectTarget(
  redirect: Response,
  url: string,
  signal?: AbortSignal,
): Promise<string | null> {
  const location = redirect.headers.get('location');
  if (location) return new URL(location, url).href;
  const controller = new AbortController();
  const stop = () => controller.abort();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    const response = await fetch(url, { signal: controller.signal, cache: 'no-store' });
    return response.redirected && response.url !== url ? response.url : null;
  } catch {
    return null;
  } finally {
    controller.abort();
    signal?.removeEventListener('abort', stop);
  }
}

/**
 * The server address to suggest for a redirect target: the target without the request's own path
 * when it kept it (`https://new.example/api` for `…/api/objects/p/o`), else its origin. A token a
 * hostile server put into the address is never shown.
 */
export function suggestedServer(target: string, requestPath: string, token: string): string {
  const url = new URL(target);
  const suggested = url.pathname.endsWith(requestPath)
    ? `${url.origin}${url.pathname.slice(0, -requestPath.length)}`
    : url.origin;
  return token ? suggested.split(token).join('…') : suggested;
}
