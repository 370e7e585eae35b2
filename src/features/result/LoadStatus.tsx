import type { LoadProgress, ObjectSet } from '../../store/objectSet';
import { formatBytes } from '../../speckle/text';
import { RetryCountdown } from './RetryCountdown';
import { useLoadProgress } from '../../shared/useLoadProgress';

/** The live region: counts against the root's closure, then the final count. */
export function LoadStatus({ set }: { set: ObjectSet }) {
  const progress = useLoadProgress(set);
  const { retry } = progress;
  return (
    <p role="status" aria-live="polite" className="status">
      {retry ? (
        <RetryCountdown
          key={retry.attempt}
          error={progress.error}
          attempt={retry.attempt}
          of={retry.of}
          delayMs={retry.delayMs}
        />
      ) : (
        statusText(progress)
      )}
    </p>
  );
}

function statusText(progress: LoadProgress, now = Date.now()): string {
  const { status, received, expected, bytes } = progress;
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
