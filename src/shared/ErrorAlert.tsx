import { doubtedFields, retryCanHelp, type ApiError, type DoubtedField } from '../api/apiError';
import { useFieldFocus } from './fieldFocus';
import { useFocusOnChange } from './useFocusOnChange';

const FIX_LABELS: Record<DoubtedField, string> = {
  'Access token': 'Edit access token',
  'Server URL': 'Edit server URL',
  'Project ID': 'Check the project ID',
  'Object ID': 'Check the object ID',
};

/**
 * A failure, said plainly, with what can help next: Retry where asking again can succeed, and a
 * way to the field to correct where it cannot. Nothing the user typed is touched.
 */
export function ErrorAlert({ error, onRetry }: { error: ApiError; onRetry?: () => void }) {
  const ref = useFocusOnChange<HTMLDivElement>(error.message);
  const { request } = useFieldFocus();
  const fields = doubtedFields(error);
  const retry = onRetry && retryCanHelp(error) ? onRetry : null;
  return (
    <div role="alert" className="alert" tabIndex={-1} ref={ref}>
      <p>{error.message}</p>
      {(retry || fields.length > 0) && (
        <div className="row">
          {retry && (
            <button type="button" onClick={retry}>
              Retry
            </button>
          )}
          {fields.map((field) => (
            <button key={field} type="button" onClick={() => request(field)}>
              {FIX_LABELS[field]}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
