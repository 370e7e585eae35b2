import type { MatchOptions, MatchScope } from '../../speckle/searchQuery';

const SCOPES: Record<MatchScope, string> = {
  both: 'Names and values',
  keys: 'Property names only',
  values: 'Values only',
};

/** The search's options, each a control of its own so that it is named and reached by Tab. */
export function SearchOptions({
  options,
  onChange,
}: {
  options: MatchOptions;
  onChange: (options: MatchOptions) => void;
}) {
  const flag = (name: 'matchCase' | 'wholeWord' | 'regex', label: string) => (
    <label className="inline-field">
      <input
        type="checkbox"
        checked={options[name]}
        onChange={(event) => {
          console.log('CHANGE', name, event.target.checked);
          onChange({ ...options, [name]: event.target.checked });
        }}
      />{' '}
      {label}
    </label>
  );
  return (
    <div className="row search-options">
      {flag('matchCase', 'Match case')}
      {flag('wholeWord', 'Whole word')}
      {flag('regex', 'Regular expression')}
      <label className="inline-field">
        Look in{' '}
        <select
          value={options.scope}
          onChange={(event) => onChange({ ...options, scope: event.target.value as MatchScope })}
        >
          {Object.entries(SCOPES).map(([scope, label]) => (
            <option key={scope} value={scope}>
              {label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
