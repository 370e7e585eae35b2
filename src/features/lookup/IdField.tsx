import { useId } from 'react';
import { useFocusWhenRequested } from '../../shared/fieldFocus';
import type { IdCheck } from '../../speckle/ids';

/** A Project ID or Object ID input, with what is wrong with its id said under it. */
export function IdField({
  label,
  value,
  check,
  placeholder,
  onChange,
  onUseSuggestion,
}: {
  label: 'Project ID' | 'Object ID';
  value: string;
  check: IdCheck;
  placeholder: string;
  onChange: (value: string) => void;
  onUseSuggestion: (value: string) => void;
}) {
  const id = useId();
  const helpId = useId();
  const ref = useFocusWhenRequested<HTMLInputElement>(label);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={ref}
        type="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        aria-invalid={check.level === 'error'}
        aria-describedby={check.level === 'ok' ? undefined : helpId}
        onChange={(event) => onChange(event.target.value)}
      />
      {check.level !== 'ok' && (
        <p
          id={helpId}
          className={check.level === 'error' ? 'hint error-text' : 'hint warning-text'}
        >
          {check.message}{' '}
          {check.suggestion && (
            <button type="button" onClick={() => onUseSuggestion(check.suggestion ?? value)}>
              Use lowercase id
            </button>
          )}
        </p>
      )}
    </div>
  );
}
