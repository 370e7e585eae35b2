import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
