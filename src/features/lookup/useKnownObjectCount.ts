import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { objectQueryKey } from '../../api/objects';
import type { SingleObjectResponse } from '../../api/client';
import { activeServer } from '../../connection/activeServer';
import { useConnectionState } from '../../connection/useConnections';
import { exampleOf } from '../../connection/serverExamples';
import { lookupIdsProblem } from '../../speckle/ids';

/**
 * How many objects Get with children would bring for the ids in the form, where the app knows it
 * before the load: the server's examples may say so, and a `/single` answer already fetched
 * for the object (Get object) counts its closure. Null otherwise: nothing is asked for it.
 */
export function useKnownObjectCount(projectId: string, objectId: string): number | null {
  const client = useQueryClient();
  const server = activeServer(useConnectionState());
  const example = exampleOf(server.server, projectId, objectId);
  const key =
    server.ok && lookupIdsProblem(projectId, objectId) === null
      ? objectQueryKey(server.origin, server.access.token, { projectId, objectId }, 'single')
      : null;
  // Read from the cache, not through a query of its own, whose options would replace the lookup's.
  const closure = useSyncExternalStore(
    (changed) => client.getQueryCache().subscribe(changed),
    () => (key && client.getQueryData<SingleObjectResponse>(key)?.closureCount) ?? null,
  );
  return example?.objectCount ?? (closure === null ? null : closure + 1);
}
