/**
 * The with-children lookup as a query. Objects are content-addressed, so an answer never goes
 * stale; the key is the same as the single lookup's but for the mode.
 *
 * The query only carries a set to the views that read it and starts its load (the route's loader
 * warms it with the same query); the app's set registry owns it (objects/set/setRegistry.ts): the
 * views retain it while they show it, and the registry decides when it goes and what is kept for
 * Back. So the query keeps nothing once no view observes it (gcTime 0), and asking for a key whose
 * set the registry kept gives that set, not a new download.
 */
import {
  hashKey,
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { answeredBases, objectQueryKey, type ObjectQueryInput } from '../../api/objects';
import { perQueryClient } from '../../api/perQueryClient';
import { ObjectSet } from '../set/objectSet';
import { RETAINED_BYTES, SetRegistry } from '../set/setRegistry';
import { testHooks } from '../spill/spillPlan';
import { loadObjectSet } from './loadObjectSet';
import { readCeilings } from './ceilingStore';

/** The sets of one app (one query client): a test's app does not inherit another's. */
export const setsOf = perQueryClient(
  () => new SetRegistry<ObjectSet>({ budget: () => testHooks()?.retainedBytes ?? RETAINED_BYTES }),
);

/**
 * Resolves at once with a set that fills as the stream arrives; its progress, errors and automatic
 * retries live on the set, so a long download never holds the query in a pending state.
 */
export function objectWithChildrenQuery({
  origin,
  access,
  onBaseResolved,
  ...address
}: ObjectQueryInput) {
  return queryOptions({
    queryKey: objectQueryKey(origin, access.token, address, 'children'),
    queryFn: ({ client, queryKey }) =>
      setsOf(client).open(hashKey(queryKey), () => {
        const set = new ObjectSet();
        const answered = answeredBases(client);
        void loadObjectSet(set, access, address, answered, onBaseResolved, readCeilings());
        return set;
      }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/**
 * The lookup's set, for a view that shows it: retained while the view is mounted. Undefined until
 * the query has opened it, unless the registry kept it.
 */
export function useObjectSet(input: ObjectQueryInput): ObjectSet | undefined {
  const client = useQueryClient();
  const options = objectWithChildrenQuery(input);
  const key = hashKey(options.queryKey);
  const sets = setsOf(client);
  const { data } = useQuery(options);
  useEffect(() => sets.retain(key), [sets, key]);
  // Back to a kept set: its query went with its last view, and the first render comes before the
  // new query has opened the set again. The registry has it at once, as the page had it when left.
  return data ?? sets.peek(key);
}

/**
 * Asks the server again for a lookup of either mode (Retry, or a new request after a broken
 * answer): its set, if any, is let go, and the query makes a new one.
 */
export function askAgain(client: QueryClient, queryKey: readonly unknown[]): Promise<void> {
  setsOf(client).renew(hashKey(queryKey));
  return client.resetQueries({ queryKey, exact: true });
}
