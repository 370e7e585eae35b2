/**
 * Query options for the two endpoints. Objects are content-addressed, so an answer never goes
 * stale; the key names the server's origin because the same ids can live on different servers.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  fetchSingleObject,
  type AnsweredBases,
  type ObjectAddress,
  type ServerAccess,
} from './client';
import { loadObjectSet } from './loadObjectSet';
import { tokenFingerprint } from './tokenFingerprint';
import { retryDelayMs, shouldRetryAutomatically } from './retryPolicy';
import { ObjectSet } from '../speckle/objectSet';

export interface ObjectQueryInput extends ObjectAddress {
  origin: string;
  access: ServerAccess;
  onBaseResolved: (base: string) => void;
}

export type ObjectQueryMode = 'single' | 'children';

// Kept per query client, which lives as long as the app's session: one app (or test) does not
// inherit what servers did for another.
const answeredBasesByClient = new WeakMap<QueryClient, AnsweredBases>();

function answeredBases(client: QueryClient): AnsweredBases {
  let answered = answeredBasesByClient.get(client);
  if (!answered) {
    answered = new Set();
    answeredBasesByClient.set(client, answered);
  }
  return answered;
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
    queryFn: async ({ signal, client }) => {
      const result = await fetchSingleObject(access, address, answeredBases(client), signal);
      if (result.base !== access.base) onBaseResolved(result.base);
      return result;
    },
    staleTime: Infinity,
    retry: shouldRetryAutomatically,
    retryDelay: retryDelayMs,
  });
}

/**
 * Resolves at once with a set that fills as the stream arrives; its progress, errors and automatic
 * retries live on the set, so a long download never holds the query in a pending state.
 *
 * gcTime Infinity: a set can hold hundreds of MB, so the query client itself decides when it leaves
 * the cache, once no view shows it: the few latest finished ones stay for Back and Forward, any
 * other goes at once and its load is cancelled (app/queryClient.ts, app/resultRetention.ts).
 */
export function objectWithChildrenQuery({
  origin,
  access,
  onBaseResolved,
  ...address
}: ObjectQueryInput) {
  return queryOptions({
    queryKey: objectQueryKey(origin, access.token, address, 'children'),
    queryFn: ({ client }) => {
      const set = new ObjectSet();
      void loadObjectSet(set, access, address, answeredBases(client), onBaseResolved);
      return set;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
