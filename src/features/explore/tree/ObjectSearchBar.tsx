import {
  useDeferredValue,
  useEffect,
  useEffectEvent,
  useId,
  useMemo,
  useState,
  type KeyboardEvent,
} from 'react';
import type { Path } from '../../../speckle/paths';
import { searchValue } from '../../../speckle/search';
import { isInternalKey } from '../../../speckle/titles';
import { countOf, formatCount } from '../../../speckle/counts';

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
  const found = useMemo(
    () => findMatches(readValue, deferredQuery, hideInternal),
    [readValue, deferredQuery, hideInternal],
  );
  // The position belongs to one query: a new query starts at its first match.
  const [position, setPosition] = useState({ query: deferredQuery, index: 0 });
  const index = position.query === deferredQuery ? position.index : 0;

  // Revealing belongs to a new result, not to each new onReveal function.
  const revealCurrent = useEffectEvent((result: typeof found) => {
    const current = result.matches[index];
    if (current) onReveal(current.path);
  });
  useEffect(() => revealCurrent(found), [found]);

  function step(by: number) {
    // While typing, the shown result can lag the box: step through what the box says.
    const stale = deferredQuery !== query;
    const current = stale ? findMatches(readValue, query, hideInternal) : found;
    const count = current.matches.length;
    if (count === 0) return;
    // A new query shows its first match by itself, so stepping starts from there.
    const from = stale ? 0 : index;
    const next = (((from + by) % count) + count) % count;
    setPosition({ query, index: next });
    onReveal((current.matches[next] as { path: Path }).path);
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
            : `${formatCount(Math.min(index + 1, found.matches.length))} of ${countOf(found.total, 'match', 'matches')}`}
      </span>
    </div>
  );
}

function findMatches(readValue: () => unknown, query: string, hideInternal: boolean) {
  if (query.trim() === '') return { matches: [], total: 0 };
  const { matches, total } = searchValue(readValue(), query, { limit: MATCH_LIMIT });
  if (!hideInternal) return { matches, total };
  const shown = matches.filter(
    ({ path }) => !path.some((segment) => typeof segment === 'string' && isInternalKey(segment)),
  );
  return { matches: shown, total: total - (matches.length - shown.length) };
}
