/**
 * The with-children lookup as a query. Objects are content-addressed, so an answer never goes
 * stale; the key is the same as the single lookup's but for the mode.
 */
import { queryOptions } from '@tanstack/react-query';
import { answeredBases, objectQueryKey, type ObjectQueryInput } from '../api/objects';
import { ObjectSet } from '../store/objectSet';
import { loadObjectSet } from './loadObjectSet';

/**
 * Resolves at once with a set that fills as the stream arrives; its progress, errors and automatic
 * retries live on the set, so a long download never holds the query in a pending state.
 *
 * gcTime 0: a set can hold hundreds of MB, so it leaves the cache as soon as no view shows it (a
 * new lookup, another page) rather than five minutes later; coming back loads it again. The query
 * client cancels a set's load when its query is removed (app/queryClient.ts).
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
    gcTime: 0,
    retry: false,
  });
}
