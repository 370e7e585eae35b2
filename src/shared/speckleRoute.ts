/**
 * The app's routes for Speckle's own links, with the same paths as Speckle's web app (`/projects/…`,
 * legacy `/streams/…` and `/embed?…`) so that swapping a link's host for the explorer's opens the
 * same thing; `?server=` names the server, as on the object routes. Tokens never go in a URL.
 */
import { formatViewerResources, type LinkTarget } from '../speckle/speckleLink';

export const SPECKLE_ROUTE_PATTERNS = ['/projects/*', '/streams/*', '/embed'] as const;

export function projectPath(projectId: string, server: string | null): string {
  return `/projects/${segment(projectId)}${serverQuery(server, '?')}`;
}

export function modelVersionsPath(projectId: string, modelId: string, server: string | null) {
  return `/projects/${segment(projectId)}/models/${segment(modelId)}/versions${serverQuery(server, '?')}`;
}

/** The route that opens what a link names, in the web app's own form for it. */
export function speckleRoutePath(
  projectId: string,
  target: LinkTarget,
  server: string | null,
): string {
  const project = segment(projectId);
  switch (target.kind) {
    case 'project':
      return projectPath(projectId, server);
    case 'model-versions':
      return modelVersionsPath(projectId, target.modelId, server);
    case 'resources':
      return `/projects/${project}/models/${resourcesSegment(formatViewerResources(target.resources))}${serverQuery(server, '?')}`;
    case 'version':
      return `/streams/${project}/commits/${segment(target.versionId)}${serverQuery(server, '?')}`;
    case 'model-name':
      return `/streams/${project}/branches/${segment(target.name)}${serverQuery(server, '?')}`;
    case 'latest-version':
      return `/embed?stream=${project}${serverQuery(server, '&')}`;
  }
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
