/**
 * The object routes' loader: it starts the lookup's request as the route is entered, before the
 * page draws, so that the request leaves as the user asks (drawn first, the indexing worker had its
 * request later). The page reads the answer through the same query; this only warms the cache,
 * and does nothing when the route's server is not saved and usable yet (a
 * shared link's server waits until the user adds it): the page's query
 * then starts the request itself.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { activeServer, serverForAddress } from '../../connection/activeServer';
import type { ConnectionStore } from '../../connection/connectionStore';
import { objectQueryInput, startLookup } from '../../objects/load/lookupQuery';
import { parseObjectRoute } from '../../routes/objectRoute';
import { lookupIdsProblem } from '../../speckle/ids';

export function warmLookup(client: QueryClient, store: ConnectionStore, url: URL): null {
  const route = parseObjectRoute(url.pathname, url.search);
  // Ids that cannot be Speckle's are refused by the page, before any request.
  if (!route || lookupIdsProblem(route.projectId, route.objectId)) return null;
  const state = store.getState();
  const server = route.server ? serverForAddress(state, route.server) : activeServer(state);
  if (!server.ok) return null;
  const input = objectQueryInput(server, store, route);
  startLookup(client, route.mode, input);
  return null;
}

/**
 * A new lookup is another address or another server; moving within a result (`?object=`, or back
 * to its root) is not, and must not start anything.
 */
export function isNewLookup({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs): boolean {
  return (
    currentUrl.pathname !== nextUrl.pathname ||
    currentUrl.searchParams.get('server') !== nextUrl.searchParams.get('server')
  );
}
