/**
 * The one reader of the Speckle links people paste, and of the app's own link routes: every form
 * of Speckle's web apps, current and legacy (a project, a viewer's resource list of models,
 * versions, objects, all models or folders, a model's version list, a legacy version, branch or
 * embed that needs one lookup to become a viewer resource), and the REST object links this app's
 * object routes mirror. Which GraphQL queries resolve each form is resolveLink.ts's job; this
 * module does no I/O.
 *
 * Ids are lowercased, as the server does for viewer resources and as Speckle's own parsers do for
 * ids: real ids are lowercase hex and the server matches them exactly.
 */
import { OBJECT_ID_LENGTH } from '../ids';
import { serverBase } from '../serverUrl';
import { locateLink, pathSegments, type LocatedLink } from './linkLocation';

/** One entry of a viewer link's comma-separated resource list. */
export type ViewerResource =
  | { kind: 'model'; modelId: string }
  | { kind: 'version'; modelId: string; versionId: string }
  | { kind: 'object'; objectId: string }
  | { kind: 'all' }
  | { kind: 'folder'; prefix: string };

/** What a link names in its project. */
export type LinkTarget =
  /** `/projects/{p}`, `/streams/{p}`: the project itself. */
  | { kind: 'project' }
  /**
   * `/projects/{p}/models/{resources}`, `/streams/{p}/objects/{o}`, `/embed?…&object=`, and the
   * REST `/objects/{p}/{o}[/single]`.
   */
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

/**
 * The form a link is written in: the web app's viewer (`/projects/…`), the legacy web app
 * (`/streams/…`), its embed page (`/embed?…`), or the REST object endpoints (`/objects/…`).
 */
export type LinkForm = 'viewer' | 'legacy' | 'embed' | 'objects';

/** What a link names, wherever it was found. */
export interface ProjectLink {
  projectId: string;
  target: LinkTarget;
}

export interface SpeckleLink extends ProjectLink {
  /** The server's origin; null for a path pasted without a host. */
  origin: string | null;
  /** The origin plus any path prefix the server is hosted under; null without a host. */
  base: string | null;
  form: LinkForm;
  /** Some id or name had uppercase letters and was lowercased: worth telling the user. */
  lowercased: boolean;
}

const PROJECT: LinkTarget = { kind: 'project' };
/** The routes a link's path may hold, each read from the segments after its project id. */
const ROUTES = new Map<string, { form: LinkForm; read: (rest: string[]) => Reading | null }>([
  ['projects', { form: 'viewer', read: projectTarget }],
  ['streams', { form: 'legacy', read: streamTarget }],
  ['objects', { form: 'objects', read: restTarget }],
]);

/** The link's description, or null when the text is no Speckle link. */
export function parseSpeckleLink(text: string): SpeckleLink | null {
  const located = locateLink(text);
  if (!located) return null;
  const segments = pathSegments(located.url);
  const routeIndex = segments.findIndex((segment) => ROUTES.has(segment));
  if (routeIndex !== -1) {
    const [route = '', projectId, ...rest] = segments.slice(routeIndex);
    if (!projectId?.trim()) return null;
    const { form, read } = ROUTES.get(route)!;
    const reading = read(rest);
    return reading && linkDescription(located, located.base, projectId, form, reading);
  }
  if (segments.at(-1) !== 'embed') return null;
  const projectId = located.url.searchParams.get('stream')?.trim();
  if (!projectId) return null;
  return linkDescription(
    located,
    embedBase(located),
    projectId,
    'embed',
    embedTarget(located.url.searchParams),
  );
}

/** The ids of the objects a link's resource list names, in its order. */
export function linkedObjectIds(target: LinkTarget): string[] {
  if (target.kind !== 'resources') return [];
  return target.resources.flatMap((resource) =>
    resource.kind === 'object' ? [resource.objectId] : [],
  );
}

/**
 * The object in Speckle's current web app (`/projects/{projectId}/models/{objectId}`), for a web
 * app at `webBase`: the server's origin and any path prefix it is hosted under.
 */
export function speckleWebUrl(webBase: string, projectId: string, objectId: string): string {
  return `${webBase}/projects/${encodeURIComponent(projectId)}/models/${encodeURIComponent(objectId)}`;
}

/**
 * A viewer resource list as the web app reads it: comma-separated, each entry trimmed, empty ones
 * and repeats dropped. Also reads a model id, `model@version` or object id typed on its own.
 */
export function parseViewerResources(resourceIdString: string): ViewerResource[] {
  const seen = new Set<string>();
  const resources: ViewerResource[] = [];
  for (const entry of resourceIdString.split(',')) {
    const typed = entry.trim();
    const text = typed.toLowerCase();
    if (text === '' || seen.has(text)) continue;
    seen.add(text);
    resources.push(viewerResource(text, typed.length));
  }
  return resources;
}

// An object id is told by the length it was typed with: lowercasing can change a length.
function viewerResource(entry: string, typedLength: number): ViewerResource {
  if (entry === 'all') return { kind: 'all' };
  if (entry.startsWith('$')) return { kind: 'folder', prefix: entry.slice(1) };
  if (typedLength === OBJECT_ID_LENGTH) return { kind: 'object', objectId: entry };
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

// The REST object endpoints: /objects/{p}/{o}[/single]; anything else there is no link.
function restTarget([objectId, single, ...more]: string[]): Reading | null {
  const text = objectId?.trim() ?? '';
  if (text === '' || more.length > 0 || (single !== undefined && single !== 'single')) return null;
  return { target: objectTarget(text), read: text };
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
  form: LinkForm,
  { target, read }: Reading,
): SpeckleLink {
  const typedProjectId = projectId.trim();
  return {
    origin: located.origin,
    base,
    projectId: typedProjectId.toLowerCase(),
    target,
    form,
    lowercased: /[A-Z]/.test(typedProjectId) || /[A-Z]/.test(read),
  };
}
