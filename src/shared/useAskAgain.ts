/**
 * The form's Get, pressed for the lookup already shown, asks the server again when the answer
 * failed or stopped short; a finished answer, or one still arriving, stays as it is. Moving within a
 * result asks nothing.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useLocation } from 'react-router';
import { objectQueryKey, type ObjectQueryInput, type ObjectQueryMode } from '../api/objects';
import { isLoading } from '../store/loadProgress';
import { ObjectSet } from '../store/objectSet';
import { lookupRequestOf } from './useLookupServer';

export function useAskAgain(mode: ObjectQueryMode, input: ObjectQueryInput): void {
  const client = useQueryClient();
  const request = lookupRequestOf(useLocation());
  const askAgain = useEffectEvent(() => {
    const key = objectQueryKey(input.origin, input.access.token, input, mode);
    if (isUnfinished(client, key)) void client.resetQueries({ queryKey: key, exact: true });
  });
  useEffect(() => {
    if (request !== null) askAgain();
  }, [request]);
}

function isUnfinished(client: QueryClient, key: readonly unknown[]): boolean {
  const data = client.getQueryData(key);
  if (client.getQueryState(key)?.status === 'error') return true;
  return (
    data instanceof ObjectSet &&
    data.getProgress().status !== 'complete' &&
    !isLoading(data.getProgress())
  );
}
