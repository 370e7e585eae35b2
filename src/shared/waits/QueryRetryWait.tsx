import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RetryCountdown } from './RetryCountdown';
import { useRetryWait } from './useRetryWait';

/**
 * A query's pause before an automatic retry, told as an object load tells its own: why, the
 * seconds left and which attempt comes next, with Cancel to stop waiting (the query then fails,
 * saying so). `children` is shown while the query is not in a pause.
 */
export function QueryRetryWait({
  queryKey,
  children = null,
}: {
  queryKey: QueryKey;
  children?: ReactNode;
}) {
  const wait = useRetryWait(queryKey);
  if (!wait) return children;
  return (
    <div className="row status-row">
      <p role="status" className="status">
        <RetryCountdown key={wait.attempt} error={wait.error} wait={wait} />
      </p>
      <button type="button" onClick={wait.stop}>
        Cancel
      </button>
    </div>
  );
}
