import { useDeferredValue, useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { Path } from '../speckle/paths';
import { searchValue } from '../speckle/search';
import { isInternalKey } from '../speckle/titles';

/** More matches than anyone steps through; the count still says how many there are. */
const MATCH_LIMIT = 10_000;

/**
 * Finds keys and values in the shown object (case-insensitive); the tree marks every match it
 * shows, and Next/Previous open the way to each in turn.
 */
export function ObjectSearchBar({
  readValue,
  query,
  onQuery,
  hideInternal,
  onReveal,
}: {
  /** The whole object, parsed; called only once there is something to look for. */
  readValue: () => unknown;
  query: string;
  onQuery: (query: string) => void;
  hideInternal: boolean;
  onReveal: (path: Path) => boolean;
}) {
  const deferredQuery = useDeferredValue(query);
  const statusId = useId();
  const found = useMemo(() => {
    const { matches, total } =
      deferredQuery.trim() === ''
        ? { matches: [], total: 0 }
        : searchValue(readValue(), deferredQuery, { limit: MATCH_LIMIT });
    if (!hideInternal) return { matches, total };
    const shown = matches.filter(
      ({ path }) => !path.some((s) => typeof s === 'string' && isInternalKey(s)),
    );
    return { matches: shown, total: total - (matches.length - shown.length) };
  }, [readValue, deferredQuery, hideInternal]);
  // The position belongs to one result: a new query starts at its first match.
  const [position, setPosition] = useState({ found, index: 0 });
  const index = position.found === found ? position.index : 0;

  useEffect(() => {
    const first = found.matches[0];
    if (first) onReveal(first.path);
    // Revealing belongs to a new result, not to each new onReveal function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found]);

  function step(by: number) {
    const count = found.matches.length;
    if (count === 0) return;
    const next = (index + by + count) % count;
    setPosition({ found, index: next });
    onReveal((found.matches[next] as { path: Path }).path);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    step(event.shiftKey ? -1 : 1);
  }

  const active = query.trim() !== '';
  return (
    <div className="row toolbar search-bar">
      <label className="inline-field">
        Search in this object{' '}
        <input
          type="search"
          value={query}
          onChange={(event) => onQuery(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={statusId}
          aria-keyshortcuts="Enter Shift+Enter"
        />
      </label>
      <button type="button" disabled={found.matches.length === 0} onClick={() => step(-1)}>
        Previous match
      </button>
      <button type="button" disabled={found.matches.length === 0} onClick={() => step(1)}>
        Next match
      </button>
      <span id={statusId} className="hint" aria-live="polite">
        {!active
          ? ''
          : found.total === 0
            ? 'No matches'
            : `${Math.min(index + 1, found.matches.length)} of ${found.total.toLocaleString()} matches`}
      </span>
    </div>
  );
}
