import { useFocusOnChange } from './useFocusOnChange';
import type { ApiError } from '../api/apiError';

/** A failure, said plainly, with what to do next; nothing the user typed is touched. */
export function ErrorAlert({ error, onRetry }: { error: ApiError; onRetry?: () => void }) {
  const ref = useFocusOnChange<HTMLDivElement>(error.message);
  return (
    <div role="alert" className="alert" tabIndex={-1} ref={ref}>
      <p>{error.message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
