import { useEffect, useState } from 'react';
import { retryReason } from '../api/apiError';
import type { LoadProgress } from '../speckle/objectSet';
import { formatBytes } from '../speckle/text';

/** The live region: counts against the root's closure, then the final count. */
export function LoadStatus({ progress }: { progress: LoadProgress }) {
  useSecondTicks(progress.retry !== null);
  return (
    <p role="status" aria-live="polite" className="status">
      {statusText(progress)}
    </p>
  );
}

function statusText(progress: LoadProgress, now = Date.now()): string {
  const { status, received, expected, bytes, retry } = progress;
  if (retry) {
    const seconds = Math.max(0, Math.ceil((retry.at - now) / 1000));
    return `${retryReason(progress.error)}; trying again in ${seconds} s (${retry.attempt} of ${retry.of})…`;
  }
  if (status === 'waiting') return 'Connecting…';
  if (status === 'failed') return 'Nothing received.';
  const count =
    status === 'complete' || expected === null || received > expected
      ? `${received} objects`
      : `${received} of ${expected} objects`;
  const elapsed = ((progress.finishedAt ?? now) - progress.startedAt) / 1000;
  const details = `${formatBytes(bytes)} in ${elapsed.toFixed(1)} s`;
  switch (status) {
    case 'loading':
      return `${count}, ${details}…`;
    case 'complete':
      return `${count}, ${details}${expected !== null && expected !== received ? ` (the root lists ${expected})` : ''}`;
    case 'incomplete':
      return `${count} (incomplete), ${details}`;
  }
}

/** Re-renders every second while `active`, so that a countdown counts down. */
function useSecondTicks(active: boolean): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000);
    return () => clearInterval(timer);
  }, [active]);
}
