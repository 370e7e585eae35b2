import { fieldsToFix, retryCanHelp, type ApiError } from '../api/apiError';
import { FixFieldButtons } from './FixFieldButtons';
import { useFocusOnChange } from './useFocusOnChange';
import { RaiseCeilingButton } from './RaiseCeilingButton';

/**
 * A failure, said plainly, with what can help next: Retry where asking again can succeed, and a
 * way to the field to correct where it cannot. Nothing the user typed is touched.
 */
export function ErrorAlert({ error, onRetry }: { error: ApiError; onRetry?: () => void }) {
  const ref = useFocusOnChange<HTMLDivElement>(error.message);
  const fields = fieldsToFix(error);
  const retry = onRetry && retryCanHelp(error) ? onRetry : null;
  const ceiling = onRetry && error.context.ceiling;
  return (
    <div
      role="alert"
      // A load the user cancelled is told where its error would be, but it is no error.
      className={error.kind === 'cancelled' ? 'notice' : 'alert'}
      tabIndex={-1}
      ref={ref}
    >
      <p>{error.message}</p>
      {(retry || ceiling || fields.length > 0) && (
        <div className="row">
          {ceiling && <RaiseCeilingButton ceiling={ceiling} onRetry={onRetry} />}
          {retry && (
            <button type="button" onClick={retry}>
              Retry
            </button>
          )}
          <FixFieldButtons fields={fields} />
        </div>
      )}
    </div>
  );
}
