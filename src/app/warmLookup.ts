/**
 * The object routes' loader: it starts the lookup's request as the route is entered, before the
 * page draws, so that the request leaves as the user asks (drawn first, the indexing worker had its
 * request later). The page reads the answer through the same query; this
 * only warms the cache, and does nothing when the route's server is not saved and usable yet (a
 * shared link's server is saved by the layout once the demo server is offered): the page's query
 * then starts the request itself.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { activeServer, serverForAddress } from '../connection/activeServer';
import type { ConnectionStore } from '../connection/connectionStore';
import { ObjectSet } from '../store/objectSet';
import { isLoading } from '../store/loadProgress';
import { objectQueryKey } from '../api/objects';
import { objectQueryInput, startLookup } from '../shared/lookupQuery';
import { parseObjectRoute } from '../shared/objectRoute';
import { lookupIdsProblem } from '../speckle/ids';

export function warmLookup(client: QueryClient, store: ConnectionStore, url: URL): null {
  const route = parseObjectRoute(url.pathname, url.search);
  // Ids that cannot be Speckle's are refused by the page, before any request.
  if (!route || lookupIdsProblem(route.projectId, route.objectId)) return null;
  const state = store.getState();
  const server = route.server ? serverForAddress(state, route.server) : activeServer(state);
  if (!server.ok) return null;
  const input = objectQueryInput(server, store, route);
  forgetUnfinished(client, objectQueryKey(server.origin, server.access.token, route, route.mode));
  startLookup(client, route.mode, input);
  return null;
}

/**
 * Entering a lookup asks the server again when its last answer failed or stopped short; moving
 * within a result (`?object=`) is no new lookup and keeps what arrived.
 */
export function isNewLookup({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs): boolean {
  return (
    currentUrl.href === nextUrl.href ||
    currentUrl.pathname !== nextUrl.pathname ||
    currentUrl.searchParams.get('server') !== nextUrl.searchParams.get('server')
  );
}

function forgetUnfinished(client: QueryClient, key: readonly unknown[]): void {
  const state = client.getQueryState(key);
  const data = client.getQueryData(key);
  const unfinished =
    state?.status === 'error' ||
    (data instanceof ObjectSet &&
      data.getProgress().status !== 'complete' &&
      !isLoading(data.getProgress()));
  if (unfinished) client.removeQueries({ queryKey: key, exact: true });
}
