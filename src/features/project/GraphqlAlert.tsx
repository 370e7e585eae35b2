import { isGraphqlError } from '../../api/graphqlError';
import { errorText } from '../../api/errorText';

/**
 * A GraphQL failure in its own words (api/graphqlError.ts), with Retry where asking again can
 * succeed: the automatic retries of a rate limit or a restarting server have run out by then, or
 * the user cancelled them.
 */
export function GraphqlAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const transient = isGraphqlError(error) ? error.isTransient || error.kind === 'cancelled' : true;
  return (
    <div role="alert" className="alert">
      <p>{errorText(error)}</p>
      {transient && (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
