/**
 * The app's addresses, read and written here alone. Every way in is an address, so that it can be
 * reloaded and shared: an object route, `/objects/{p}/{o}` (with children) or `…/single`; a
 * Speckle link at the paths of Speckle's web app (`/projects/…`, legacy `/streams/…`, `/embed?…`),
 * so that swapping a link's host for the explorer's opens the same thing; a comparison,
 * `/compare/{p}/{from}/{to}`; the opened files, `/files`. readAddress turns a location into one
 * typed value; the builders write each kind back, and reading what they write gives the value
 * again. `?server=` names the server wherever it appears, `?object=` the object a result shows.
 * Tokens never go in a URL.
 */
import { rootLink, type LinkRoot } from '../speckle/links/linkResolution';
import {
  formatViewerResources,
  parseSpeckleLink,
  type LinkForm,
  type LinkTarget,
  type ProjectLink,
} from '../speckle/links/speckleLink';

export type LookupMode = 'single' | 'children';

/** One object to load, and how: an object route's, or the root a Speckle link resolved to. */
export interface ObjectLookup {
  projectId: string;
  objectId: string;
  mode: LookupMode;
  /** The server the address names (`?server=`); null: the selected one. */
  server: string | null;
}

/**
 * Two sides of one server, with `?toProject=` when the second is in another project. Each side is
 * kept as given (an object id, a version id, `model@version` or a model id:
 * features/compare/core/sideReference.ts), so that a reload resolves it again. Both sides are on
 * one server: a token is sent only to its own server, and one address names one.
 */
export interface Comparison {
  projectId: string;
  fromId: string;
  toId: string;
  toProjectId: string;
  server: string | null;
}

/** A Speckle link at the app's address: what it names, in which form, and the lookup's mode. */
export interface LinkAddress {
  link: ProjectLink;
  form: LinkForm;
  /** How the one root the link may resolve to is looked up: `?mode=single`, else with children. */
  mode: LookupMode;
  server: string | null;
}

/** Where the app is. `shownId` is the object a result shows within itself, null for its root. */
export type Address =
  | ({ kind: 'object'; shownId: string | null } & ObjectLookup)
  | ({ kind: 'link'; shownId: string | null } & LinkAddress)
  | ({ kind: 'compare' } & Comparison)
  /** A link route that names no project, or that asks for a mode there is none of. */
  | { kind: 'unreadable-link'; unknownMode: string | null; server: string | null }
  | { kind: 'files'; shownId: string | null; server: string | null }
  | { kind: 'home'; server: string | null }
  | { kind: 'unknown'; server: string | null };

/** The router's paths of each kind, which readAddress reads. */
export const CHILDREN_PATTERN = '/objects/:projectId/:objectId';
export const SINGLE_PATTERN = '/objects/:projectId/:objectId/single';
export const COMPARE_PATTERN = '/compare/:projectId/:from/:to';
export const SPECKLE_ROUTE_PATTERNS = ['/projects/*', '/streams/*', '/embed'] as const;
export const FILES_PATH = '/files';

const SERVER_PARAM = 'server';
const SHOWN_PARAM = 'object';
const MODE_PARAM = 'mode';

/**
 * Reads the path's segments each decoded exactly once: the router's own params decode twice,
 * which turns an id's `%2F` into a `/`.
 */
export function readAddress(pathname: string, search: string): Address {
  const query = new URLSearchParams(search);
  const server = query.get(SERVER_PARAM);
  const shownId = query.get(SHOWN_PARAM);
  const unknown: Address = { kind: 'unknown', server };
  const [empty, route, ...rest] = pathname.split('/');
  if (empty !== '') return unknown;
  switch (route) {
    case '':
      return ends(rest) ? { kind: 'home', server } : unknown;
    case 'objects':
      return readObjectRoute(rest, server, shownId) ?? unknown;
    case 'compare':
      return readCompareRoute(rest, query) ?? unknown;
    case 'files':
      return ends(rest) ? { kind: 'files', shownId, server } : unknown;
    case 'embed':
      return ends(rest) ? readLinkRoute(`${pathname}${search}`, query) : unknown;
    case 'projects':
    case 'streams':
      return readLinkRoute(`${pathname}${search}`, query);
    default:
      return unknown;
  }
}

function ends(rest: string[]): boolean {
  return rest.length === 0 || (rest.length === 1 && rest[0] === '');
}

function readObjectRoute(
  [projectId, objectId, single, ...more]: string[],
  server: string | null,
  shownId: string | null,
): Address | null {
  if (!projectId || !objectId || more.length > 0) return null;
  if (single !== undefined && single !== 'single' && single !== '') return null;
  const ids = decodeAll([projectId, objectId]);
  if (!ids) return null;
  const mode = single === 'single' ? 'single' : 'children';
  return { kind: 'object', projectId: ids[0]!, objectId: ids[1]!, mode, server, shownId };
}

function readCompareRoute(
  [projectId, fromId, toId, ...more]: string[],
  query: URLSearchParams,
): Address | null {
  if (!projectId || !fromId || !toId || !ends(more)) return null;
  const ids = decodeAll([projectId, fromId, toId]);
  if (!ids) return null;
  const [project, from, to] = ids as [string, string, string];
  return {
    kind: 'compare',
    projectId: project,
    fromId: from,
    toId: to,
    toProjectId: query.get('toProject') || project,
    server: query.get(SERVER_PARAM),
  };
}

// Read as a pasted link is, by the one reader of Speckle's link forms.
function readLinkRoute(path: string, query: URLSearchParams): Address {
  const server = query.get(SERVER_PARAM);
  const link = parseSpeckleLink(path);
  if (!link) return { kind: 'unreadable-link', unknownMode: null, server };
  const mode = query.get(MODE_PARAM) ?? 'children';
  if (mode !== 'children' && mode !== 'single') {
    return { kind: 'unreadable-link', unknownMode: mode, server };
  }
  return {
    kind: 'link',
    link: { projectId: link.projectId, target: link.target },
    form: link.form,
    mode,
    server,
    // An embed link's `object=` is its own: what it names, not an object shown within it.
    shownId: link.form === 'embed' ? null : query.get(SHOWN_PARAM),
  };
}

/** Each segment decoded, or null for a malformed escape such as `%zz`: no address. */
function decodeAll(segments: string[]): string[] | null {
  try {
    return segments.map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

/**
 * Names the lookup an address asks for, whatever object is shown within it: two addresses with
 * the same key show the same lookup, and moving between them asks nothing new.
 */
export function lookupKey(address: Address): string {
  return JSON.stringify(address, (key, value: unknown) => (key === 'shownId' ? undefined : value));
}

/** Whether moving from one address to the other asks for another lookup (the route's loader). */
export function isNewLookup({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }): boolean {
  const [current, next] = [currentUrl, nextUrl].map((url) => readAddress(url.pathname, url.search));
  return lookupKey(current!) !== lookupKey(next!);
}

/** The object a result at this address shows within itself; null for its root. */
export function shownObject(address: Address): string | null {
  return 'shownId' in address ? address.shownId : null;
}

/** The same address showing `shownId` within its result, or its root for null. */
export function showingPath(
  { pathname, search }: { pathname: string; search: string },
  shownId: string | null,
): string {
  const next = new URLSearchParams(search);
  if (shownId === null) next.delete(SHOWN_PARAM);
  else next.set(SHOWN_PARAM, shownId);
  const query = next.toString();
  return `${pathname}${query ? `?${query}` : ''}`;
}

/**
 * The ids the lookup form shows at an address: an object route's, or a viewer route's project and
 * resources in Object ID (where Get object and Get with children open them again, in either mode).
 */
export function formFields(address: Address): { projectId: string; objectId: string } | null {
  if (address.kind === 'object')
    return { projectId: address.projectId, objectId: address.objectId };
  if (address.kind !== 'link' || address.form !== 'viewer') return null;
  const { projectId, target } = address.link;
  if (target.kind !== 'resources') return null;
  return { projectId, objectId: formatViewerResources(target.resources) };
}

/** An object route, showing `shownId` within its result when one is given. */
export function objectRoutePath(
  { projectId, objectId, mode, server }: ObjectLookup,
  shownId: string | null = null,
): string {
  const path = `/objects/${segment(projectId)}/${segment(objectId)}${mode === 'single' ? '/single' : ''}`;
  return showingPath({ pathname: path, search: serverQuery(server, '?') }, shownId);
}

export function compareRoutePath(route: Comparison): string {
  // `model@version` as the web app's links write it.
  const path = ['compare', route.projectId, route.fromId, route.toId]
    .map((part) => segment(part).replace(/%40/g, '@'))
    .join('/');
  const query = new URLSearchParams();
  if (route.server) query.set(SERVER_PARAM, route.server);
  if (route.toProjectId !== route.projectId) query.set('toProject', route.toProjectId);
  const search = query.toString();
  return `/${path}${search ? `?${search}` : ''}`;
}

export function projectPath(projectId: string, server: string | null): string {
  return `/projects/${segment(projectId)}${serverQuery(server, '?')}`;
}

export function modelVersionsPath(projectId: string, modelId: string, server: string | null) {
  return `/projects/${segment(projectId)}/models/${segment(modelId)}/versions${serverQuery(server, '?')}`;
}

/**
 * The route that opens what a link names, in the web app's own form for it. A link to one root is
 * shown at `/projects/{p}/models/{resources}` itself, with its children unless `?mode=single`
 * asks for the object alone (the object routes' `/single`: a path suffix here would no longer be
 * the web app's path).
 */
export function speckleRoutePath(
  projectId: string,
  target: LinkTarget,
  server: string | null,
  mode: LookupMode = 'children',
): string {
  const project = segment(projectId);
  const query = lookupQuery(server, mode);
  switch (target.kind) {
    case 'project':
      return projectPath(projectId, server);
    case 'model-versions':
      return modelVersionsPath(projectId, target.modelId, server);
    case 'resources':
      return `/projects/${project}/models/${resourcesSegment(formatViewerResources(target.resources))}${query('?')}`;
    case 'version':
      return `/streams/${project}/commits/${segment(target.versionId)}${query('?')}`;
    case 'model-name':
      return target.opens === 'versions'
        ? `/streams/${project}/branches/${segment(target.name)}${query('?')}`
        : `/embed?stream=${project}&branch=${segment(target.name)}${query('&')}`;
    case 'latest-version':
      return `/embed?stream=${project}${query('&')}`;
  }
}

/** The viewer route of one root: `/projects/{p}/models/{model}@{version}`, or the object's. */
export function rootRoutePath(
  projectId: string,
  root: Omit<LinkRoot, 'identifier'>,
  server: string | null,
  mode: LookupMode,
): string {
  return speckleRoutePath(projectId, rootLink(projectId, root).target, server, mode);
}

// The web app writes a resource list with its commas, `@` and `$` as they are.
function resourcesSegment(text: string): string {
  return segment(text).replace(/%2C/g, ',').replace(/%40/g, '@').replace(/%24/g, '$');
}

function segment(text: string): string {
  return encodeURIComponent(text);
}

function serverQuery(server: string | null, separator: '?' | '&'): string {
  return server ? `${separator}${new URLSearchParams({ [SERVER_PARAM]: server })}` : '';
}

/** `?server=` and, for Get object, `?mode=single`: what a link's lookup needs besides the path. */
function lookupQuery(server: string | null, mode: LookupMode) {
  const query = new URLSearchParams();
  if (server) query.set(SERVER_PARAM, server);
  if (mode === 'single') query.set(MODE_PARAM, mode);
  const text = query.toString();
  return (separator: '?' | '&') => (text ? `${separator}${text}` : '');
}
