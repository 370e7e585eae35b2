import { useState } from 'react';
import { retryReason } from '../../api/apiError';
import type { RetryWait } from '../../api/retryPolicy';
import { useNow } from './useNow';

/**
 * "…; trying again in 3 s (1 of 3)…", counting down each second. Mounted (with a new key) when a
 * wait begins, so the mount time is when the wait started.
 */
export function RetryCountdown({
  error,
  wait: { attempt, of, delayMs },
}: {
  error: unknown;
  wait: RetryWait;
}) {
  const [startedAt] = useState(Date.now);
  const now = useNow(1000);
  const seconds = Math.max(0, Math.ceil((startedAt + delayMs - now) / 1000));
  return (
    <>
      {retryReason(error)}; trying again in {seconds} s ({attempt} of {of})…
    </>
  );
}
