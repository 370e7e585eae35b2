import type { ObjectSearchResults } from './searchResults';

/**
 * A search of a body on disk, or left in opened files, reads it span by span, gigabytes for a big
 * model: how far it got, and a way to stop it, while it runs
 * (and while the load runs, whose objects it searches as they come). The in-memory search ends
 * within a second or two: its status line says enough.
 */
export function SearchProgress({
  results,
  total,
  loading,
  onCancel,
}: {
  results: ObjectSearchResults;
  /** Objects to search in all, so far. */
  total: number;
  loading: boolean;
  onCancel: () => void;
}) {
  const { state, query } = results;
  const running =
    state === 'searching' || state === 'waiting' || (state === 'caught-up' && loading);
  if (query === '' || !running) return null;
  return (
    <div className="row search-progress">
      <progress
        aria-label="Search progress"
        value={results.scanned}
        max={Math.max(total, results.scanned, 1)}
      />
      <button type="button" onClick={onCancel}>
        Cancel search
      </button>
    </div>
  );
}
