/**
 * App routes mirror the API: `/objects/:projectId/:objectId` (with children) and `…/single`, with
 * `?server=` naming the server when more than one is saved. Tokens never go in a URL.
 */
export type LookupMode = 'single' | 'children';

export interface ObjectRoute {
  projectId: string;
  objectId: string;
  mode: LookupMode;
  server: string | null;
}

export const CHILDREN_PATTERN = '/objects/:projectId/:objectId';
export const SINGLE_PATTERN = '/objects/:projectId/:objectId/single';

export function objectRoutePath(route: ObjectRoute): string {
  const path = `/objects/${encodeURIComponent(route.projectId)}/${encodeURIComponent(route.objectId)}`;
  const query = route.server ? `?${new URLSearchParams({ server: route.server })}` : '';
  return `${path}${route.mode === 'single' ? '/single' : ''}${query}`;
}

/**
 * Reads the ids from the encoded path, decoding each segment exactly once: the router's own params
 * decode twice, which turns an id's `%2F` into a `/`.
 */
export function parseObjectRoute(pathname: string, search: string): ObjectRoute | null {
  const segments = pathname.split('/');
  const [empty, objects, projectId, objectId, single, ...rest] = segments;
  if (empty !== '' || objects !== 'objects' || !projectId || !objectId || rest.length > 0)
    return null;
  if (single !== undefined && single !== 'single' && single !== '') return null;
  try {
    return {
      projectId: decodeURIComponent(projectId),
      objectId: decodeURIComponent(objectId),
      mode: single === 'single' ? 'single' : 'children',
      server: new URLSearchParams(search).get('server'),
    };
  } catch {
    // A malformed escape such as `%zz` is no route to an object.
    return null;
  }
}
