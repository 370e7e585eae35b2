import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { retryWaitsOf, type PendingRetry } from '../../api/retryingQuery';

/** The pause the query is in before an automatic retry, if it is in one. */
export function useRetryWait(queryKey: QueryKey): PendingRetry | undefined {
  const waits = retryWaitsOf(useQueryClient());
  return useSyncExternalStore(waits.subscribe, () => waits.get(queryKey));
}
