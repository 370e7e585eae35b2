/**
 * `/compare/:projectId/:fromObjectId/:toObjectId`, with `?server=` naming the server and
 * `?toProject=` when the second root is in another project of the same server. Both roots are
 * always on one server: a token is sent only to its own server, and one route names one.
 */
export interface CompareRoute {
  projectId: string;
  fromId: string;
  toId: string;
  toProjectId: string;
  server: string | null;
}

export const COMPARE_PATTERN = '/compare/:projectId/:fromObjectId/:toObjectId';

export function compareRoutePath(route: CompareRoute): string {
  const path = ['compare', route.projectId, route.fromId, route.toId]
    .map(encodeURIComponent)
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
