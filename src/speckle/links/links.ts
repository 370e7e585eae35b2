/**
 * Recognises the Speckle links people paste: the web app's viewer links, the legacy app's links
 * and the REST object links (which this app's own routes mirror). Only a link that names an object
 * can be fetched through the object endpoints; any other Speckle link comes back with the reason.
 */
import { locateLink, pathSegments } from './linkLocation';

interface LinkTarget {
  /** The link's origin; null for a path pasted without a host. */
  origin: string | null;
  /** Where the object endpoints hang off: the origin plus any path prefix before the route. */
  base: string | null;
  projectId: string;
}

interface ObjectLink extends LinkTarget {
  kind: 'object';
  /** The first of `objectIds`: the object the link is about. */
  objectId: string;
  /** Every object the link names, in its order: a viewer link can name several. */
  objectIds: string[];
  single: boolean;
  /**
   * The link's ids had uppercase letters and were lowercased, as Speckle's own parsers do: real
   * ids are lowercase and the server matches them exactly. Worth telling the user.
   */
  lowercased: boolean;
}

interface UnfetchableLink extends LinkTarget {
  kind: 'unfetchable';
  reason: string;
}

export type ParsedLink = ObjectLink | UnfetchableLink;

type RouteMatch = { projectId: string } & (
  { objectIds: [string, ...string[]]; single: boolean } | { pointsTo: string }
);

const ROUTES = new Set(['projects', 'streams', 'objects']);
const OBJECT_ID_LENGTH = 32;
const ASK_FOR_OBJECT =
  'These endpoints fetch objects by id only: finding its object ids needs Speckle’s GraphQL API. ' +
  'Paste an object id (32 characters) or a link to an object.';

export function parseSpeckleLink(text: string): ParsedLink | null {
  const located = locateLink(text);
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
  const objectIds = match.objectIds.map((id) => id.toLowerCase());
  return {
    kind: 'object',
    ...target,
    objectId: objectIds[0]!,
    objectIds,
    single: match.single,
    lowercased:
      target.projectId !== match.projectId ||
      objectIds.some((id, index) => id !== match.objectIds[index]),
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
      if (id === undefined) return { projectId, objectIds: [section], single: false };
      return id === 'single' ? { projectId, objectIds: [section], single: true } : null;
    case 'streams': // legacy web app
      if (section === 'objects' && id !== undefined) {
        return { projectId, objectIds: [id], single: false };
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

// The viewer's resource list is comma-separated and the viewer loads whatever each entry names:
// every object id in it is returned, the first being the object the link is about.
function matchViewerResources(
  resources: string,
): { objectIds: [string, ...string[]]; single: boolean } | { pointsTo: string } {
  const entries = resources
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const [objectId, ...others] = entries.filter((entry) => entry.length === OBJECT_ID_LENGTH);
  if (objectId !== undefined) return { objectIds: [objectId, ...others], single: false };
  const [first = ''] = entries;
  if (first.includes('@')) return { pointsTo: 'a model version' };
  if (first.startsWith('$')) return { pointsTo: 'a folder of models' };
  if (first === 'all') return { pointsTo: 'all models of a project' };
  return { pointsTo: 'a model' };
}

/**
 * The object in Speckle's current web app (`/projects/{projectId}/models/{objectId}`), for a web
 * app at `webBase`: the server's origin and any path prefix it is hosted under.
 */
export function speckleWebUrl(webBase: string, projectId: string, objectId: string): string {
  return `${webBase}/projects/${encodeURIComponent(projectId)}/models/${encodeURIComponent(objectId)}`;
}
