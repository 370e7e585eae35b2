/** A lookup's query, as the object page reads it and as the route's loader starts it (features/lookup/warmLookup.ts). */
import type { QueryClient } from '@tanstack/react-query';
import type { ObjectAddress } from '../../api/client';
import { singleObjectQuery, type ObjectQueryInput } from '../../api/objects';
import { objectWithChildrenQuery } from './objectSetQuery';
import type { LookupMode } from '../../routes/objectRoute';
import type { ActiveServer } from '../../connection/activeServer';
import type { ConnectionStore } from '../../connection/connectionStore';

export function objectQueryInput(
  server: Extract<ActiveServer, { ok: true }>,
  store: ConnectionStore,
  address: ObjectAddress,
): ObjectQueryInput {
  return {
    origin: server.origin,
    access: server.access,
    ...address,
    onBaseResolved: (base) => store.rememberWorkingBase(server.server.id, base),
  };
}

/** Starts the lookup's request, unless its answer is in the cache already. */
export function startLookup(client: QueryClient, mode: LookupMode, input: ObjectQueryInput): void {
  if (mode === 'single') void client.prefetchQuery(singleObjectQuery(input));
  else void client.prefetchQuery(objectWithChildrenQuery(input));
}
