/**
 * One object lookup, from what an address names to its request: resolveLookup gives the server
 * that answers it and the query that loads it (the single object, or the object with its
 * children), or why nothing is sent. The object routes' loader starts that query as the route is
 * entered (warmLookup); the result pages and the comparison's sides read the same one.
 */
import type { QueryClient } from '@tanstack/react-query';
import { singleObjectQuery, type ObjectQueryInput } from '../../api/objects';
import { objectWithChildrenQuery } from './objectSetQuery';
import { readAddress, type LookupMode, type ObjectLookup } from '../../routes/address';
import { lookupServer, type ActiveServer, type UsableServer } from '../../connection/activeServer';
import type { ConnectionStore } from '../../connection/connectionStore';
import { lookupIdsProblem } from '../../speckle/ids';

interface Resolved {
  ok: true;
  lookup: ObjectLookup;
  server: UsableServer;
  input: ObjectQueryInput;
}

/** A lookup whose request can be sent, with the query that sends it. */
export type LoadableLookup =
  | (Resolved & { mode: 'single'; query: ReturnType<typeof singleObjectQuery> })
  | (Resolved & { mode: 'children'; query: ReturnType<typeof objectWithChildrenQuery> });

export type ResolvedLookup<M extends LookupMode = LookupMode> =
  | Extract<LoadableLookup, { mode: M }>
  /** Ids that cannot be Speckle's, or no server to ask: nothing is sent. */
  | { ok: false; lookup: ObjectLookup; problem: string };

/** What `lookup` loads from `server`, the server its address names (useLookupServer). */
export function resolveLookup<M extends LookupMode>(
  { projectId, objectId, mode, server: named }: ObjectLookup & { mode: M },
  server: ActiveServer,
  store: ConnectionStore,
): ResolvedLookup<M> {
  const lookup = { projectId, objectId, mode, server: named };
  const refused = lookupIdsProblem(projectId, objectId);
  if (refused) return { ok: false, lookup, problem: refused.message };
  if (!server.ok) return { ok: false, lookup, problem: server.problem };
  const input: ObjectQueryInput = {
    origin: server.origin,
    access: server.access,
    projectId,
    objectId,
    onBaseResolved: (base) => store.rememberWorkingBase(server.server.id, base),
  };
  const resolved = { ok: true, lookup, server, input } as const;
  const loadable: LoadableLookup =
    mode === 'single'
      ? { ...resolved, mode, query: singleObjectQuery(input) }
      : { ...resolved, mode: 'children', query: objectWithChildrenQuery(input) };
  return loadable as Extract<LoadableLookup, { mode: M }>;
}

/**
 * The object routes' loader: it starts the lookup's request as the route is entered, before the
 * page draws, so that the request leaves as the user asks (drawn first, the indexing worker had its
 * request later). The page reads the answer through the same query; this only warms the cache,
 * and does nothing when the route's server is not saved and usable yet (a shared link's server is
 * saved once the user confirms it): the page's query then starts the request itself.
 */
export function warmLookup(client: QueryClient, store: ConnectionStore, url: URL): null {
  const address = readAddress(url.pathname, url.search);
  if (address.kind !== 'object') return null;
  const resolved = resolveLookup(address, lookupServer(store.getState(), address.server), store);
  if (resolved.ok) startLookup(client, resolved);
  return null;
}

/** Starts the lookup's request, unless its answer is in the cache already. */
function startLookup(client: QueryClient, lookup: LoadableLookup): void {
  if (lookup.mode === 'single') void client.prefetchQuery(lookup.query);
  else void client.prefetchQuery(lookup.query);
}
