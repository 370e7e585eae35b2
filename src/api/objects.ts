/**
 * Query options for the single endpoint (the with-children load is the loader's:
 * objects/load/objectSetQuery.ts). Objects are content-addressed, so an answer never goes
 * stale; the key names the server's origin because the same ids can live on different servers.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  fetchSingleObject,
  type AnsweredBases,
  type ObjectAddress,
  type ServerAccess,
} from './client';
import { perQueryClient } from './perQueryClient';
import { tokenFingerprint } from './tokenFingerprint';
import { NO_QUERY_RETRIES, retryingQueryFn } from './retryingQuery';

export interface ObjectQueryInput extends ObjectAddress {
  origin: string;
  access: ServerAccess;
  onBaseResolved: (base: string) => void;
}

type ObjectQueryMode = 'single' | 'children';

/** The bases that have answered in this app's session, for retries and error messages. */
export const answeredBases = perQueryClient((): AnsweredBases => new Set());

/**
 * Whether `base` has answered as a Speckle server in this app session, a refusal included. Read
 * when drawn, not watched: only the hint under Server URL asks.
 */
export function hasAnswered(client: QueryClient, base: string): boolean {
  return answeredBases(client).has(base);
}

/** The token's fingerprint is in the key because what a server answers depends on who asks. */
export function objectQueryKey(
  origin: string,
  token: string,
  { projectId, objectId }: ObjectAddress,
  mode: ObjectQueryMode,
) {
  return ['object', origin, projectId, objectId, mode, tokenFingerprint(token)] as const;
}

export function singleObjectQuery({
  origin,
  access,
  onBaseResolved,
  ...address
}: ObjectQueryInput) {
  return queryOptions({
    queryKey: objectQueryKey(origin, access.token, address, 'single'),
    queryFn: retryingQueryFn(async ({ signal, client }) => {
      const result = await fetchSingleObject(access, address, answeredBases(client), signal);
      if (result.base !== access.base) onBaseResolved(result.base);
      return result;
    }),
    staleTime: Infinity,
    ...NO_QUERY_RETRIES,
  });
}
