import { QueryClient } from '@tanstack/react-query';
import { ObjectSet } from '../store/objectSet';

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      // Lookups run when the user asks; focus or reconnect must not start a 300 MB download again.
      // networkMode 'always': offline, a lookup must fail with a message, not wait in silence.
      queries: { refetchOnWindowFocus: false, refetchOnReconnect: false, networkMode: 'always' },
    },
  });
  // A set whose query leaves the cache must not go on downloading into memory nobody can reach:
  // its load (network and indexing worker) stops, and then nothing holds the set.
  client.getQueryCache().subscribe((event) => {
    const data: unknown = event.type === 'removed' ? event.query.state.data : undefined;
    if (data instanceof ObjectSet) data.cancel();
  });
  return client;
}
