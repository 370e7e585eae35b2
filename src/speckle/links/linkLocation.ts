/**
 * Where a pasted Speckle link points: its URL, the server's origin and the base address the
 * server's routes hang off, for the reader of every Speckle link form (speckleLink.ts).
 */
import { cleanPastedText, parseHttpUrl, serverBase } from '../serverUrl';

export interface LocatedLink {
  url: URL;
  /** The link's origin; null for a path pasted without a host. */
  origin: string | null;
  /** The origin plus any path prefix before the route; null for a path pasted without a host. */
  base: string | null;
}

const PLACEHOLDER_ORIGIN = 'http://placeholder.invalid';

export function locateLink(text: string): LocatedLink | null {
  const link = cleanPastedText(text);
  if (link === '' || /\s/.test(link)) return null;
  // `//host/…` is a link without a scheme, not a path.
  const pathOnly = link.startsWith('/') && !link.startsWith('//');
  // Only the path of a host-less link is read; its placeholder origin is never reported.
  const url = pathOnly ? pathUrl(link) : httpUrl(link);
  if (!url) return null;
  // This app's own links name the Speckle server in `?server=`.
  const server = httpUrl(url.searchParams.get('server') ?? '') ?? (pathOnly ? null : url);
  return { url, origin: server?.origin ?? null, base: server ? serverBase(server) : null };
}

function pathUrl(path: string): URL | null {
  try {
    return new URL(`${PLACEHOLDER_ORIGIN}${path}`);
  } catch {
    return null;
  }
}

function httpUrl(text: string): URL | null {
  const parsed = parseHttpUrl(text);
  return parsed.ok ? parsed.url : null;
}

/** The path's segments, each percent-decoded after splitting, so `%2F` stays inside its segment. */
export function pathSegments(url: URL): string[] {
  return url.pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map(decodeSegment);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
