import { useContext } from 'react';
import { graphqlFieldsToFix, isGraphqlError } from '../../api/graphqlError';
import { errorText } from '../../lib/errorText';
import { FixFieldButtons } from '../../shared/FixFieldButtons';
import { OpenWithoutTokenContext } from './openWithoutToken';

/**
 * A GraphQL failure in its own words (api/graphqlError.ts), with what can help next: Retry where
 * asking again can succeed (the automatic retries of a rate limit or a restarting server have run
 * out by then, or the user cancelled them), opening a public project without a token that cannot
 * read it, and a way to the field to correct, as the lookup's alerts offer.
 */
export function GraphqlAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const openWithoutToken = useContext(OpenWithoutTokenContext);
  const known = isGraphqlError(error) ? error : null;
  const transient = known ? known.isTransient || known.kind === 'cancelled' : true;
  const withoutToken = known?.context.opensWithoutToken ? openWithoutToken : null;
  const fields = known ? graphqlFieldsToFix(known) : [];
  return (
    <div role="alert" className={known?.kind === 'cancelled' ? 'notice' : 'alert'}>
      <p>{errorText(error)}</p>
      {(transient || withoutToken || fields.length > 0) && (
        <div className="row">
          {withoutToken && (
            <button type="button" onClick={withoutToken}>
              Open without the token
            </button>
          )}
          {transient && (
            <button type="button" onClick={onRetry}>
              Retry
            </button>
          )}
          <FixFieldButtons fields={fields} />
        </div>
      )}
    </div>
  );
}
