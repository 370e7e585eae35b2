/**
 * The app's routes for Speckle's own links, with the same paths as Speckle's web app (`/projects/…`,
 * legacy `/streams/…` and `/embed?…`) so that swapping a link's host for the explorer's opens the
 * same thing; `?server=` names the server, as on the object routes. Tokens never go in a URL.
 *
 * A link to one root shows it at `/projects/{p}/models/{resources}` itself, with its children
 * unless `?mode=single` asks for the object alone (the object routes' `/single`: a path suffix
 * here would no longer be the web app's path).
 */
import { rootResource, type LinkRoot } from '../speckle/links/linkResolution';
import {
  formatViewerResources,
  parseSpeckleProjectLink,
  type LinkTarget,
} from '../speckle/links/speckleLink';
import type { LookupMode } from './objectRoute';

export const MODE_PARAM = 'mode';

export const SPECKLE_ROUTE_PATTERNS = ['/projects/*', '/streams/*', '/embed'] as const;

export function projectPath(projectId: string, server: string | null): string {
  return `/projects/${segment(projectId)}${serverQuery(server, '?')}`;
}

export function modelVersionsPath(projectId: string, modelId: string, server: string | null) {
  return `/projects/${segment(projectId)}/models/${segment(modelId)}/versions${serverQuery(server, '?')}`;
}

/** The lookup mode a link route asks for; null for a `?mode=` that names none. */
export function readLinkMode(search: string): LookupMode | null {
  const mode = new URLSearchParams(search).get(MODE_PARAM);
  if (mode === null || mode === 'children') return 'children';
  return mode === 'single' ? 'single' : null;
}

/** The route that opens what a link names, in the web app's own form for it. */
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

/**
 * The ids a viewer route's lookup form shows: the project, and the resources in Object ID (where
 * Get object and Get with children open them again, in either mode).
 */
export function viewerRouteFields(
  pathname: string,
  search: string,
): { projectId: string; objectId: string } | null {
  const link = parseSpeckleProjectLink(`${pathname}${search}`);
  if (link?.target.kind !== 'resources' || !pathname.startsWith('/projects/')) return null;
  return { projectId: link.projectId, objectId: formatViewerResources(link.target.resources) };
}

/** The viewer route of one root: `/projects/{p}/models/{model}@{version}`, or the object's. */
export function rootRoutePath(
  projectId: string,
  root: Omit<LinkRoot, 'identifier'>,
  server: string | null,
  mode: LookupMode,
): string {
  return speckleRoutePath(
    projectId,
    { kind: 'resources', resources: [rootResource(root)] },
    server,
    mode,
  );
}

// The web app writes a resource list with its commas, `@` and `$` as they are.
function resourcesSegment(text: string): string {
  return segment(text).replace(/%2C/g, ',').replace(/%40/g, '@').replace(/%24/g, '$');
}

function segment(text: string): string {
  return encodeURIComponent(text);
}

function serverQuery(server: string | null, separator: '?' | '&'): string {
  return server ? `${separator}${new URLSearchParams({ server })}` : '';
}

/** `?server=` and, for Get object, `?mode=single`: what a link's lookup needs besides the path. */
function lookupQuery(server: string | null, mode: LookupMode) {
  const query = new URLSearchParams();
  if (server) query.set('server', server);
  if (mode === 'single') query.set(MODE_PARAM, mode);
  const text = query.toString();
  return (separator: '?' | '&') => (text ? `${separator}${text}` : '');
}
