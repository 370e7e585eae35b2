/**
 * The form's Get, pressed for the lookup already shown, asks the server again when the answer
 * failed or stopped short; a finished answer, or one still arriving, stays as it is. Moving within a
 * result asks nothing. The request a lookup is first shown for is never asked again: it started its
 * own answer (the route's loader did), which can fail before the page draws (a malformed line comes
 * fast), and asking again then would replace that failure with a second answer.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation } from 'react-router';
import { objectQueryKey, type ObjectQueryInput, type ObjectQueryMode } from '../api/objects';
import { isLoading } from '../store/loadProgress';
import { ObjectSet } from '../store/objectSet';
import { lookupRequestOf } from './useLookupServer';

export function useAskAgain(mode: ObjectQueryMode, input: ObjectQueryInput): void {
  const client = useQueryClient();
  const request = lookupRequestOf(useLocation());
  const key = objectQueryKey(input.origin, input.access.token, input, mode);
  const lookup = JSON.stringify(key);
  const seen = useRef<{ lookup: string; request: string | null } | null>(null);
  const askAgain = useEffectEvent(() => {
    if (isUnfinished(client, key)) void client.resetQueries({ queryKey: key, exact: true });
  });
  useEffect(() => {
    const before = seen.current;
    seen.current = { lookup, request };
    if (before?.lookup === lookup && request !== null && request !== before.request) askAgain();
  }, [lookup, request]);
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
