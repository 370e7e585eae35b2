import { useId, useState, type FormEvent } from 'react';
import type { ColumnFilter } from './core/tableSpec';

type FilterKind = ColumnFilter['kind'] | 'none';

const KIND_LABELS: Record<FilterKind, string> = {
  none: 'No filter',
  equals: 'Is exactly',
  contains: 'Contains',
  range: 'Number between',
  exists: 'Has a value',
  missing: 'Has no value',
};

interface Draft {
  kind: FilterKind;
  text: string;
  min: string;
  max: string;
}

function draftOf(filter: ColumnFilter | null): Draft {
  const draft: Draft = { kind: filter?.kind ?? 'none', text: '', min: '', max: '' };
  if (filter?.kind === 'equals' || filter?.kind === 'contains') draft.text = filter.text;
  if (filter?.kind === 'range') {
    draft.min = filter.min === null ? '' : String(filter.min);
    draft.max = filter.max === null ? '' : String(filter.max);
  }
  return draft;
}

/** A bound as typed: empty leaves that side open; undefined when it is not a number. */
function boundOf(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}

function filterOf(draft: Draft): ColumnFilter | null | undefined {
  switch (draft.kind) {
    case 'none':
      return null;
    case 'equals':
    case 'contains':
      return { kind: draft.kind, text: draft.text };
    case 'range': {
      const min = boundOf(draft.min);
      const max = boundOf(draft.max);
      return min === undefined || max === undefined ? undefined : { kind: 'range', min, max };
    }
    case 'exists':
    case 'missing':
      return { kind: draft.kind };
  }
}

/**
 * One column's filter. A kind without a value (none, has a value, has none) applies when chosen;
 * a text or a range applies with Enter or Apply, so that typing does not rebuild the rows at each
 * key. The page gives the form a key from the filter in the address, which starts it afresh when
 * that changes.
 */
export function ColumnFilterForm({
  column,
  filter,
  onChange,
}: {
  column: string;
  filter: ColumnFilter | null;
  onChange: (filter: ColumnFilter | null) => void;
}) {
  const [draft, setDraft] = useState(() => draftOf(filter));
  const errorId = useId();
  const next = filterOf(draft);
  const wrongBound = draft.kind === 'range' && next === undefined;
  const needsValue = draft.kind === 'equals' || draft.kind === 'contains' || draft.kind === 'range';

  function chooseKind(kind: FilterKind) {
    const chosen = { ...draft, kind };
    setDraft(chosen);
    if (kind === 'none' || kind === 'exists' || kind === 'missing') onChange(filterOf(chosen)!);
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    if (next !== undefined) onChange(next);
  }

  return (
    <form className="row table-filter" onSubmit={apply}>
      <span aria-hidden="true">Filter</span>
      <select
        aria-label={`Filter ${column}`}
        value={draft.kind}
        onChange={(event) => chooseKind(event.target.value as FilterKind)}
      >
        {Object.entries(KIND_LABELS).map(([kind, label]) => (
          <option key={kind} value={kind}>
            {label}
          </option>
        ))}
      </select>
      {(draft.kind === 'equals' || draft.kind === 'contains') && (
        <input
          type="text"
          aria-label={`Text for ${column}`}
          value={draft.text}
          onChange={(event) => setDraft({ ...draft, text: event.target.value })}
        />
      )}
      {draft.kind === 'range' && (
        <>
          {(['min', 'max'] as const).map((bound) => (
            <input
              key={bound}
              type="text"
              inputMode="decimal"
              aria-label={`${bound === 'min' ? 'Least' : 'Greatest'} ${column}`}
              placeholder={bound === 'min' ? 'from' : 'to'}
              value={draft[bound]}
              aria-invalid={boundOf(draft[bound]) === undefined}
              aria-describedby={wrongBound ? errorId : undefined}
              onChange={(event) => setDraft({ ...draft, [bound]: event.target.value })}
            />
          ))}
        </>
      )}
      {needsValue && (
        <button
          type="submit"
          disabled={next === undefined}
          aria-label={`Apply filter of ${column}`}
        >
          Apply
        </button>
      )}
      {wrongBound && (
        <span id={errorId} className="error-text">
          A bound is a number, or empty.
        </span>
      )}
    </form>
  );
}
