import { QueryClient, type Query, type QueryCache } from '@tanstack/react-query';
import { ObjectSet } from '../objects/set/objectSet';
import { testHooks } from '../objects/spill/spillPlan';
import { resultsToRelease } from './resultRetention';

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      // Lookups run when the user asks; focus or reconnect must not start a 300 MB download again.
      // networkMode 'always': offline, a lookup must fail with a message, not wait in silence.
      // retryOnMount false: the route's loader starts a lookup before its page mounts; one that
      // failed meanwhile has had its retries, and mounting must show the failure, not ask again.
      queries: {
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        networkMode: 'always',
        retryOnMount: false,
      },
    },
  });
  const cache = client.getQueryCache();
  // A set whose query leaves the cache must not go on downloading into memory nobody can reach:
  // its load (network and indexing worker) stops, and then nothing holds the set; what it spilled
  // to disk is deleted.
  cache.subscribe((event) => {
    const data: unknown = event.type === 'removed' ? event.query.state.data : undefined;
    if (!(data instanceof ObjectSet)) return;
    data.cancel();
    data.dispose();
  });
  keepRecentResults(cache);
  return client;
}

/**
 * Decides when a with-children set leaves the cache (its query's gcTime is Infinity): once no page
 * shows it, a set whose load ended with objects, complete or not, is kept as resultRetention.ts
 * says, so that Back shows it at once as it ended (a new Get asks again for a broken one:
 * shared/useAskAgain.ts); any other goes, and its load stops. Decided a task after the last page
 * left, as a gcTime of 0 would: a page drawn again at once (React's strict mode, a route that
 * stays) keeps its set.
 */
function keepRecentResults(cache: QueryCache): void {
  /** Queries of finished sets no page shows, most recently left first. */
  let left: Query[] = [];
  const setOf = (query: Query) =>
    query.state.data instanceof ObjectSet ? query.state.data : undefined;

  function settle(query: Query) {
    if (query.getObserversCount() > 0 || cache.get(query.queryHash) !== query) return;
    const set = setOf(query);
    if (!set) return;
    // A load still running is not kept going unseen; one that got nothing holds nothing to show.
    const { status } = set.getProgress();
    if (status !== 'complete' && status !== 'incomplete') {
      cache.remove(query);
      return;
    }
    left = [query, ...left.filter((other) => other !== query)];
    const release = resultsToRelease(
      left.map((key) => ({ key, bytes: setOf(key)?.getProgress().bytes ?? 0 })),
      testHooks()?.retainedBytes,
    );
    left = left.filter((other) => !release.includes(other));
    for (const old of release) cache.remove(old);
  }

  cache.subscribe((event) => {
    if (event.type === 'observerRemoved' && setOf(event.query)) {
      setTimeout(() => settle(event.query), 0);
    } else if (event.type === 'observerAdded') {
      left = left.filter((other) => other !== event.query);
    } else if (event.type === 'removed') {
      left = left.filter((other) => other !== event.query);
    }
  });
}
