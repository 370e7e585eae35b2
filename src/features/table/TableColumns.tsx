import { useId, useState, type FormEvent } from 'react';
import { formatCount } from '../../speckle/counts';
import { parseFieldPath, queryErrorText } from '../../speckle/searchQuery';
import { ColumnFilterForm } from './ColumnFilterForm';
import type { ColumnSuggestion } from './core/tableRows';
import type { ColumnFilter, TableSpec } from './core/tableSpec';
import {
  filterOf,
  withColumn,
  withColumnMoved,
  withFilter,
  withGrouping,
  withoutColumn,
} from './core/specEdits';

/**
 * The table's columns: one added from the paths the chosen objects have (each with how many have
 * it) or typed, each moved, taken away or filtered, and the column rows are grouped by.
 */
export function TableColumns({
  spec,
  suggestions,
  suggestionsNote,
  onChange,
}: {
  spec: TableSpec;
  suggestions: readonly ColumnSuggestion[];
  /** What the suggestions' counts are over (suggestionsHint). */
  suggestionsNote: string;
  onChange: (spec: TableSpec) => void;
}) {
  const groupId = useId();
  // A link may filter by a column it does not show: the filter is listed, to change or take away.
  const hiddenFilters = spec.filters.filter(({ column }) => !spec.columns.includes(column));
  return (
    <div className="table-columns">
      <ColumnAdder
        columns={spec.columns}
        suggestions={suggestions}
        note={suggestionsNote}
        onAdd={(column) => onChange(withColumn(spec, column))}
      />
      {hiddenFilters.length > 0 && (
        <ul className="table-column-list" aria-label="Filters of columns not shown">
          {hiddenFilters.map(({ column, filter }) => (
            <li key={column}>
              <code className="table-column-name">{column}</code>
              <SpecFilterForm spec={spec} column={column} filter={filter} onChange={onChange} />
            </li>
          ))}
        </ul>
      )}
      {spec.columns.length > 0 && (
        <>
          <ul className="table-column-list" aria-label="Columns">
            {spec.columns.map((column, at) => {
              const filter = filterOf(spec, column);
              return (
                <li key={column}>
                  <code className="table-column-name">{column}</code>
                  <span className="row">
                    <button
                      type="button"
                      aria-label={`Move ${column} left`}
                      disabled={at === 0}
                      onClick={() => onChange(withColumnMoved(spec, column, -1))}
                    >
                      Left
                    </button>
                    <button
                      type="button"
                      aria-label={`Move ${column} right`}
                      disabled={at === spec.columns.length - 1}
                      onClick={() => onChange(withColumnMoved(spec, column, 1))}
                    >
                      Right
                    </button>
                    <button
                      type="button"
                      aria-label={`Remove ${column}`}
                      onClick={() => onChange(withoutColumn(spec, column))}
                    >
                      Remove
                    </button>
                  </span>
                  <SpecFilterForm spec={spec} column={column} filter={filter} onChange={onChange} />
                </li>
              );
            })}
          </ul>
          <div className="row">
            <label htmlFor={groupId}>Group by</label>
            <select
              id={groupId}
              value={spec.groupBy ?? ''}
              onChange={(event) => onChange(withGrouping(spec, event.target.value || null))}
            >
              <option value="">No grouping</option>
              {spec.columns.map((column) => (
                <option key={column} value={column}>
                  {column}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
    </div>
  );
}

function suggestionText({ column, count, numeric }: ColumnSuggestion): string {
  return `${column} (${formatCount(count)}${numeric ? ', numbers' : ''})`;
}

function ColumnAdder({
  columns,
  suggestions,
  note,
  onAdd,
}: {
  columns: readonly string[];
  suggestions: readonly ColumnSuggestion[];
  note: string;
  onAdd: (column: string) => void;
}) {
  const ids = { chosen: useId(), typed: useId(), error: useId(), hint: useId() };
  const [chosen, setChosen] = useState('');
  const [typed, setTyped] = useState('');
  const offered = suggestions.filter(({ column }) => !columns.includes(column));
  const path = typed.trim();
  const read = path === '' ? null : parseFieldPath(path);
  const error = read && !read.ok ? queryErrorText(read.error) : null;

  function addTyped(event: FormEvent) {
    event.preventDefault();
    if (!read?.ok) return;
    onAdd(path);
    setTyped('');
  }

  return (
    <div className="table-column-adder">
      <div className="row">
        <label htmlFor={ids.chosen}>Suggested column</label>
        <select
          id={ids.chosen}
          value={offered.some(({ column }) => column === chosen) ? chosen : ''}
          aria-describedby={ids.hint}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">
            {offered.length === 0 ? 'None yet' : `Choose one of ${formatCount(offered.length)}`}
          </option>
          {offered.map((suggestion) => (
            <option key={suggestion.column} value={suggestion.column}>
              {suggestionText(suggestion)}
            </option>
          ))}
        </select>
        <button
          type="button"
          disabled={!offered.some(({ column }) => column === chosen)}
          onClick={() => {
            onAdd(chosen);
            setChosen('');
          }}
        >
          Add column
        </button>
      </div>
      <p id={ids.hint} className="hint">
        {note}
      </p>
      <form className="row" onSubmit={addTyped}>
        <label htmlFor={ids.typed}>Column path</label>
        <input
          id={ids.typed}
          type="text"
          placeholder={'parameters."Fire Rating"'}
          value={typed}
          aria-invalid={error !== null}
          aria-errormessage={error ? ids.error : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" disabled={!read?.ok}>
          Add path
        </button>
      </form>
      {error && (
        <p id={ids.error} className="error-text">
          {error.replace('The query', 'The path')}
        </p>
      )}
    </div>
  );
}

/** A column's filter form, drawn anew when the spec's filter changes (from a link, say). */
function SpecFilterForm({
  spec,
  column,
  filter,
  onChange,
}: {
  spec: TableSpec;
  column: string;
  filter: ColumnFilter | null;
  onChange: (spec: TableSpec) => void;
}) {
  return (
    <ColumnFilterForm
      key={JSON.stringify(filter)}
      column={column}
      filter={filter}
      onChange={(next) => onChange(withFilter(spec, column, next))}
    />
  );
}
