/**
 * `/compare/:projectId/:from/:to`, with `?server=` naming the server and `?toProject=` when the
 * second side is in another project of the same server. Each side is kept as it was given (an
 * object id, a version id, `model@version` or a model id: features/compare/core/sideReference.ts), so
 * a reload or a shared address resolves it again. Both sides are always on one server: a token is
 * sent only to its own server, and one route names one.
 */
export interface CompareRoute {
  projectId: string;
  /** Each side as given: resolved to its root by the page. */
  fromId: string;
  toId: string;
  toProjectId: string;
  server: string | null;
}

export const COMPARE_PATTERN = '/compare/:projectId/:from/:to';

export function compareRoutePath(route: CompareRoute): string {
  // `model@version` as the web app's links write it.
  const path = ['compare', route.projectId, route.fromId, route.toId]
    .map((segment) => encodeURIComponent(segment).replace(/%40/g, '@'))
    .join('/');
  const query = new URLSearchParams();
  if (route.server) query.set('server', route.server);
  if (route.toProjectId !== route.projectId) query.set('toProject', route.toProjectId);
  const search = query.toString();
  return `/${path}${search ? `?${search}` : ''}`;
}

/** Decodes each segment once, as parseObjectRoute does (the router's params decode twice). */
export function parseCompareRoute(pathname: string, search: string): CompareRoute | null {
  const [empty, compare, projectId, fromId, toId, ...rest] = pathname.split('/');
  if (empty !== '' || compare !== 'compare' || !projectId || !fromId || !toId) return null;
  if (rest.length > 1 || (rest.length === 1 && rest[0] !== '')) return null;
  try {
    const query = new URLSearchParams(search);
    const project = decodeURIComponent(projectId);
    return {
      projectId: project,
      fromId: decodeURIComponent(fromId),
      toId: decodeURIComponent(toId),
      toProjectId: query.get('toProject') || project,
      server: query.get('server'),
    };
  } catch {
    return null;
  }
}
