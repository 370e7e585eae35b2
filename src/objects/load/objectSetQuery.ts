/**
 * The with-children lookup as a query. Objects are content-addressed, so an answer never goes
 * stale; the key is the same as the single lookup's but for the mode.
 */
import { queryOptions } from '@tanstack/react-query';
import { answeredBases, objectQueryKey, type ObjectQueryInput } from '../../api/objects';
import { ObjectSet } from '../set/objectSet';
import { loadObjectSet } from './loadObjectSet';

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
