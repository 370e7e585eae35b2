/**
 * Reads every link form of Speckle's web apps, current and legacy, into what it names: a project,
 * a viewer's resource list (models, versions, objects, all models, folders), a model's version
 * list, or a legacy version, branch or embed that needs one lookup to become a viewer resource.
 * Which GraphQL queries resolve each form is resolveLink.ts's job; this module does no I/O.
 *
 * Ids are lowercased, as the server does for viewer resources and as Speckle's own parsers do for
 * ids: real ids are lowercase hex and the server matches them exactly.
 */
import { serverBase } from '../serverUrl';
import { locateLink, pathSegments, type LocatedLink } from './linkLocation';

/** One entry of a viewer link's comma-separated resource list. */
export type ViewerResource =
  | { kind: 'model'; modelId: string }
  | { kind: 'version'; modelId: string; versionId: string }
  | { kind: 'object'; objectId: string }
  | { kind: 'all' }
  | { kind: 'folder'; prefix: string };

export type LinkTarget =
  /** `/projects/{p}`, `/streams/{p}`: the project itself. */
  | { kind: 'project' }
  /** `/projects/{p}/models/{resources}`, `/streams/{p}/objects/{o}`, `/embed?…&object=`. */
  | { kind: 'resources'; resources: ViewerResource[] }
  /** `/projects/{p}/models/{m}/versions`: a model's version list. */
  | { kind: 'model-versions'; modelId: string }
  /** `/streams/{p}/commits/{c}`, `/embed?…&commit=`: a version whose model is still unknown. */
  | { kind: 'version'; versionId: string }
  /**
   * A model named by its full name, opened where Speckle's web app opens it: its version list for
   * `/streams/{p}/branches/{name}`, its newest version for `/embed?…&branch=`.
   */
  | { kind: 'model-name'; name: string; opens: ModelNameOpens }
  /** `/embed?stream={p}` alone: the project's newest version. */
  | { kind: 'latest-version' };

/** Where a link naming a model by name leads: its version list, or its newest version's root. */
export type ModelNameOpens = 'versions' | 'viewer';

export interface SpeckleLink {
  /** The server's origin; null for a path pasted without a host. */
  origin: string | null;
  /** The origin plus any path prefix the server is hosted under; null without a host. */
  base: string | null;
  projectId: string;
  target: LinkTarget;
  /** Some id or name had uppercase letters and was lowercased: worth telling the user. */
  lowercased: boolean;
}

const OBJECT_ID_LENGTH = 32;
const PROJECT: LinkTarget = { kind: 'project' };

/** The link's description, or null when the text is no Speckle project link. */
export function parseSpeckleProjectLink(text: string): SpeckleLink | null {
  const located = locateLink(text);
  if (!located) return null;
  const segments = pathSegments(located.url);
  const routeIndex = segments.findIndex(
    (segment) => segment === 'projects' || segment === 'streams',
  );
  if (routeIndex !== -1) {
    const [route, projectId, ...rest] = segments.slice(routeIndex);
    if (!projectId?.trim()) return null;
    const target = route === 'projects' ? projectTarget(rest) : streamTarget(rest);
    return linkDescription(located, located.base, projectId, target);
  }
  if (segments.at(-1) !== 'embed') return null;
  const projectId = located.url.searchParams.get('stream')?.trim();
  if (!projectId) return null;
  return linkDescription(
    located,
    embedBase(located),
    projectId,
    embedTarget(located.url.searchParams),
  );
}

/**
 * A viewer resource list as the web app reads it: comma-separated, each entry trimmed, empty ones
 * and repeats dropped. Also reads a model id, `model@version` or object id typed on its own.
 */
export function parseViewerResources(resourceIdString: string): ViewerResource[] {
  const seen = new Set<string>();
  const resources: ViewerResource[] = [];
  for (const entry of resourceIdString.split(',')) {
    const text = entry.trim().toLowerCase();
    if (text === '' || seen.has(text)) continue;
    seen.add(text);
    resources.push(viewerResource(text));
  }
  return resources;
}

function viewerResource(entry: string): ViewerResource {
  if (entry === 'all') return { kind: 'all' };
  if (entry.startsWith('$')) return { kind: 'folder', prefix: entry.slice(1) };
  if (entry.length === OBJECT_ID_LENGTH) return { kind: 'object', objectId: entry };
  const at = entry.indexOf('@');
  if (at === -1) return { kind: 'model', modelId: entry };
  return { kind: 'version', modelId: entry.slice(0, at), versionId: entry.slice(at + 1) };
}

/** The resource list as the web app writes it, for a viewer link or `viewerResourcesExtended`. */
export function formatViewerResources(resources: readonly ViewerResource[]): string {
  return resources.map(formatViewerResource).join(',');
}

function formatViewerResource(resource: ViewerResource): string {
  switch (resource.kind) {
    case 'all':
      return 'all';
    case 'folder':
      return `$${resource.prefix}`;
    case 'object':
      return resource.objectId;
    case 'version':
      return `${resource.modelId}@${resource.versionId}`;
    case 'model':
      return resource.modelId;
  }
}

/** A target and the link's text it was read from, lowercased on the way. */
interface Reading {
  target: LinkTarget;
  read: string;
}

function projectTarget([section, resources, next]: string[]): Reading {
  if (section !== 'models' || resources === undefined) return { target: PROJECT, read: '' };
  const parsed = parseViewerResources(resources);
  const [only] = parsed;
  if (next === 'versions' && parsed.length === 1 && only?.kind === 'model') {
    return { target: { kind: 'model-versions', modelId: only.modelId }, read: resources };
  }
  if (parsed.length === 0) return { target: PROJECT, read: '' };
  return { target: { kind: 'resources', resources: parsed }, read: resources };
}

// The legacy web app: /streams/{p}[/commits/{c} | /objects/{o} | /branches/{name}].
function streamTarget([section, id, ...more]: string[]): Reading {
  const text = id?.trim() ?? '';
  if (text === '') return { target: PROJECT, read: '' };
  switch (section) {
    case 'commits':
      return { target: versionTarget(text), read: text };
    case 'objects':
      return { target: objectTarget(text), read: text };
    case 'branches': {
      // Nested names should arrive as one segment (`%2F`); a link with the slash left raw names
      // the same model.
      const name = [text, ...more].join('/');
      return { target: branchTarget(name, 'versions'), read: name };
    }
    default:
      return { target: PROJECT, read: '' };
  }
}

// `/embed?stream=p&object=o|commit=c|branch=n`, in that order of precedence, as the web app
// reads it; `stream` alone is the project's newest version.
function embedTarget(params: URLSearchParams): Reading {
  const [commit, object, branch] = ['commit', 'object', 'branch'].map(
    (name) => params.get(name)?.trim() ?? '',
  );
  if (object) return { target: objectTarget(object), read: object };
  if (commit) return { target: versionTarget(commit), read: commit };
  if (branch) return { target: branchTarget(branch, 'viewer'), read: branch };
  return { target: { kind: 'latest-version' }, read: '' };
}

function versionTarget(versionId: string): LinkTarget {
  return { kind: 'version', versionId: versionId.toLowerCase() };
}

function objectTarget(objectId: string): LinkTarget {
  return { kind: 'resources', resources: [{ kind: 'object', objectId: objectId.toLowerCase() }] };
}

// Model names are stored in lower case; the server matches the stored name exactly.
function branchTarget(name: string, opens: ModelNameOpens): LinkTarget {
  return { kind: 'model-name', name: name.toLowerCase(), opens };
}

// serverBase cuts a link at the routes a Server URL may be pasted with; the embed page is not one.
function embedBase({ url, origin }: LocatedLink): string | null {
  if (origin === null) return null;
  const path = url.pathname.replace(/\/+$/, '');
  return serverBase(new URL(path.slice(0, path.lastIndexOf('/')) || '/', url.origin));
}

function linkDescription(
  located: LocatedLink,
  base: string | null,
  projectId: string,
  { target, read }: Reading,
): SpeckleLink {
  const typedProjectId = projectId.trim();
  return {
    origin: located.origin,
    base,
    projectId: typedProjectId.toLowerCase(),
    target,
    lowercased: /[A-Z]/.test(typedProjectId) || /[A-Z]/.test(read),
  };
}
