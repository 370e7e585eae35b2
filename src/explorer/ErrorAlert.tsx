import type { ApiError } from '../api/apiError';

/** A failure, said plainly, with what to do next; nothing the user typed is touched. */
export function ErrorAlert({ error, onRetry }: { error: ApiError; onRetry?: () => void }) {
  return (
    <div role="alert" className="alert">
      <p>{error.message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
