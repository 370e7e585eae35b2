import { useId } from 'react';
import { useFocusWhenRequested } from '../../shared/fieldFocus';
import type { IdCheck } from '../../speckle/ids';

const HINT_CLASSES = {
  note: 'hint',
  warning: 'hint warning-text',
  error: 'hint error-text',
} as const;

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
  const suggestion = 'suggestion' in check ? check.suggestion : undefined;
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
        <p id={helpId} className={HINT_CLASSES[check.level]}>
          {check.message}{' '}
          {suggestion && (
            <button type="button" onClick={() => onUseSuggestion(suggestion)}>
              Use lowercase id
            </button>
          )}
        </p>
      )}
    </div>
  );
}
