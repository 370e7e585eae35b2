/**
 * Reads the server address people type or paste: a bare host, a base with a path prefix, or any
 * link into a Speckle server, which is cut back to the address the object endpoints hang off.
 */

type ServerUrlResult =
  { ok: true; origin: string; base: string; note?: string } | { ok: false; error: string };

type HttpUrlResult = { ok: true; url: URL; schemeAssumed: boolean } | { ok: false; error: string };

const EXAMPLE = 'https://app.speckle.systems';
const WRAPPERS: ReadonlyArray<readonly [string, string]> = [
  ['<', '>'],
  ['"', '"'],
  ["'", "'"],
  ['`', '`'],
];
const SCHEME = /^([a-z][a-z\d+.-]*):/i;
const APP_ROUTES = new Set(['projects', 'streams', 'objects']);
/** `.` or `..`, either dot maybe percent-encoded: URL parsing resolves these segments away. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

export function parseServerUrl(input: string): ServerUrlResult {
  const parsed = parseHttpUrl(input);
  if (!parsed.ok) return parsed;
  const { url, schemeAssumed } = parsed;
  const { base, cutAtRoute } = splitAtAppRoute(url);

  const changes: string[] = [];
  if (schemeAssumed) changes.push(`${url.protocol.slice(0, -1)} was assumed`);
  if (cutAtRoute || url.search !== '' || url.hash !== '') {
    changes.push('the rest of the pasted link was dropped');
  }
  if (changes.length === 0) return { ok: true, origin: url.origin, base };
  return {
    ok: true,
    origin: url.origin,
    base,
    note: `Using the server's address ${base} (${changes.join('; ')})`,
  };
}

/** The address the object endpoints hang off: the origin plus any path prefix before an app route. */
export function serverBase(url: URL): string {
  return splitAtAppRoute(url).base;
}

/** The same server reached with `/api` added or removed: deployments differ in which one works. */
export function alternateBase(base: string): string {
  return base.endsWith('/api') ? webAppBase(base) : `${base}/api`;
}

/** Where Speckle's web app is for a server whose object API answers at `base`: `/api` dropped. */
export function webAppBase(base: string): string {
  return base.endsWith('/api') ? base.slice(0, -'/api'.length) : base;
}

/**
 * An http(s) URL from pasted text: trims, unwraps `<…>` and quotes as pasted from tickets and
 * chat, and assumes https for a bare host (http for the local machine).
 */
export function parseHttpUrl(input: string): HttpUrlResult {
  const text = cleanPastedText(input);
  if (text === '') return { ok: false, error: `Enter the server's address, such as ${EXAMPLE}.` };

  const scheme = SCHEME.exec(text)?.[1];
  const hasScheme = scheme !== undefined && !/^\d/.test(text.slice(scheme.length + 1));
  if (hasScheme && !/^https?$/i.test(scheme)) {
    return {
      ok: false,
      error: `Speckle servers are reached over http or https, not ${scheme.toLowerCase()}:`,
    };
  }

  let url: URL;
  try {
    url = new URL(hasScheme ? text : `${assumedScheme(text)}://${text}`);
  } catch {
    return { ok: false, error: notAnAddress(text) };
  }
  if ((!hasScheme && !looksLikeHost(url)) || !isPlausibleHostname(url.hostname)) {
    return { ok: false, error: notAnAddress(text) };
  }
  if (url.username !== '' || url.password !== '') {
    return {
      ok: false,
      error: 'Remove the user name and password from the address: the access token signs you in.',
    };
  }
  return { ok: true, url, schemeAssumed: !hasScheme };
}

/**
 * No empty labels (`..`, a leading or trailing dot), and a letter or digit at the end: pasted text
 * loses trailing punctuation, so a host ending in one could not be read back the same.
 */
function isPlausibleHostname(hostname: string): boolean {
  return (
    hostname.startsWith('[') ||
    (/^[^.]+(\.[^.]+)*$/.test(hostname) && /[\p{L}\p{N}]$/u.test(hostname))
  );
}

function notAnAddress(text: string): string {
  // Pasted text can be anything, a whole document even: the message quotes only its start.
  const quoted = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return `That is not a web address: ${quoted}. A server address looks like ${EXAMPLE}.`;
}

function splitAtAppRoute(url: URL): { base: string; cutAtRoute: boolean } {
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  // A final `/api` is the documented base; `/api/...` is a route below it.
  const routeIndex = segments.findIndex(
    (segment, index) =>
      APP_ROUTES.has(segment) || (segment === 'api' && index < segments.length - 1),
  );
  let cutAtRoute = routeIndex !== -1;
  let end = cutAtRoute ? routeIndex : segments.length;
  // Pasted text loses trailing punctuation (cleanPastedText), so a base must not end in any, nor in
  // what losing it uncovers: an app route (`/objects..`) or a dot segment (`/%2e!`), which the
  // next parse would cut or resolve away. Parsing a base again must give the same base. One
  // segment at a time, so that a long paste costs its length, not its square.
  while (end > 0) {
    const last = withoutTrailing(segments[end - 1]!, '.,;!?');
    if (APP_ROUTES.has(last)) cutAtRoute = true;
    else if (last !== '' && !DOT_SEGMENT.test(last)) {
      segments[end - 1] = last;
      break;
    }
    end -= 1;
  }
  const prefix = segments.slice(0, end);
  return {
    base: prefix.length === 0 ? url.origin : `${url.origin}/${prefix.join('/')}`,
    cutAtRoute,
  };
}

/** Pasted text without the whitespace, `<…>`, quotes and sentence punctuation around a link. */
export function cleanPastedText(input: string): string {
  const text = unwrap(input.trim());
  // Links pasted from a sentence drag its punctuation along; no Speckle address ends in one.
  return withoutTrailing(text, '.,;!?');
}

// A loop rather than /[…]+$/: the regular expression retries from every run of these characters,
// which takes seconds on a long paste full of them.
function withoutTrailing(text: string, characters: string): string {
  let end = text.length;
  while (end > 0 && characters.includes(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

function unwrap(text: string): string {
  for (const [open, close] of WRAPPERS) {
    if (text.length >= 2 && text.startsWith(open) && text.endsWith(close)) {
      return text.slice(open.length, -close.length).trim();
    }
  }
  return text;
}

function assumedScheme(text: string): 'http' | 'https' {
  return /^(localhost|127\.0\.0\.1|\[::1\])(?=[:/?#]|$)/i.test(text) ? 'http' : 'https';
}

// Without a scheme, a single word is far more likely a typo or a pasted id than an intranet host.
function looksLikeHost(url: URL): boolean {
  return (
    url.hostname.includes('.') ||
    url.hostname.startsWith('[') ||
    url.port !== '' ||
    url.hostname === 'localhost'
  );
}
