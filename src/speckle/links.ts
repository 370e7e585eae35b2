/**
 * Recognises the Speckle links people paste: the web app's viewer links, the legacy app's links
 * and the REST object links (which this app's own routes mirror). Only a link that names an object
 * can be fetched through the object endpoints; any other Speckle link comes back with the reason.
 */
import { cleanPastedText, parseHttpUrl, serverBase } from './serverUrl';

interface LinkTarget {
  /** The link's origin; null for a path pasted without a host. */
  origin: string | null;
  /** Where the object endpoints hang off: the origin plus any path prefix before the route. */
  base: string | null;
  projectId: string;
}

export interface ObjectLink extends LinkTarget {
  kind: 'object';
  objectId: string;
  single: boolean;
  /**
   * The link's ids had uppercase letters and were lowercased, as Speckle's own parsers do: real
   * ids are lowercase and the server matches them exactly. Worth telling the user.
   */
  lowercased: boolean;
}

export interface UnfetchableLink extends LinkTarget {
  kind: 'unfetchable';
  reason: string;
}

export type ParsedLink = ObjectLink | UnfetchableLink;

type RouteMatch = { projectId: string } & (
  { objectId: string; single: boolean } | { pointsTo: string }
);

const PLACEHOLDER_ORIGIN = 'http://placeholder.invalid';
const ROUTES = new Set(['projects', 'streams', 'objects']);
const OBJECT_ID_LENGTH = 32;
const ASK_FOR_OBJECT =
  'These endpoints fetch objects by id only: finding its object ids needs Speckle’s GraphQL API. ' +
  'Paste an object id (32 characters) or a link to an object.';

export function parseSpeckleLink(text: string): ParsedLink | null {
  const located = locate(text);
  const match = located && matchRoute(pathSegments(located.url));
  if (!located || !match) return null;

  const target: LinkTarget = {
    origin: located.origin,
    base: located.base,
    projectId: match.projectId.toLowerCase(),
  };
  if ('pointsTo' in match) {
    return {
      kind: 'unfetchable',
      ...target,
      reason: `This link points to ${match.pointsTo}, not to an object. ${ASK_FOR_OBJECT}`,
    };
  }
  const objectId = match.objectId.toLowerCase();
  return {
    kind: 'object',
    ...target,
    objectId,
    single: match.single,
    lowercased: target.projectId !== match.projectId || objectId !== match.objectId,
  };
}

function matchRoute(segments: string[]): RouteMatch | null {
  const routeIndex = segments.findIndex((segment) => ROUTES.has(segment));
  if (routeIndex === -1) return null;
  const [route, projectId, section, id, ...extra] = segments.slice(routeIndex);
  if (projectId === undefined) return null;

  switch (route) {
    case 'objects': // REST: /objects/{projectId}/{objectId}[/single]
      if (section === undefined || extra.length > 0) return null;
      if (id === undefined) return { projectId, objectId: section, single: false };
      return id === 'single' ? { projectId, objectId: section, single: true } : null;
    case 'streams': // legacy web app
      if (section === 'objects' && id !== undefined) {
        return { projectId, objectId: id, single: false };
      }
      if (section === 'commits' && id !== undefined) {
        return { projectId, pointsTo: 'a version (commit)' };
      }
      if (section === 'branches' && id !== undefined) {
        return { projectId, pointsTo: 'a model (branch)' };
      }
      return { projectId, pointsTo: 'a project' };
    default: // web app: /projects/{projectId}/models/{resources}
      if (section !== 'models' || id === undefined) return { projectId, pointsTo: 'a project' };
      return { projectId, ...matchViewerResources(id) };
  }
}

// The viewer's resource list is comma-separated; it loads whatever each entry names, so the
// first object id in it is the object the link is about.
function matchViewerResources(
  resources: string,
): { objectId: string; single: boolean } | { pointsTo: string } {
  const entries = resources
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const objectId = entries.find((entry) => entry.length === OBJECT_ID_LENGTH);
  if (objectId !== undefined) return { objectId, single: false };
  const [first = ''] = entries;
  if (first.includes('@')) return { pointsTo: 'a model version' };
  if (first.startsWith('$')) return { pointsTo: 'a folder of models' };
  if (first === 'all') return { pointsTo: 'all models of a project' };
  return { pointsTo: 'a model' };
}

interface Located {
  url: URL;
  origin: string | null;
  base: string | null;
}

function locate(text: string): Located | null {
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

function pathSegments(url: URL): string[] {
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

/**
 * The object in Speckle's current web app (`/projects/{projectId}/models/{objectId}`), for a web
 * app at `webBase`: the server's origin and any path prefix it is hosted under.
 */
export function speckleWebUrl(webBase: string, projectId: string, objectId: string): string {
  return `${webBase}/projects/${encodeURIComponent(projectId)}/models/${encodeURIComponent(objectId)}`;
}
