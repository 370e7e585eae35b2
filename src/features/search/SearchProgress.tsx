import type { ObjectSearchResults } from './searchResults';

/**
 * A search of a body on disk reads gigabytes: how far it got, and a way to stop it, while it runs.
 * (The in-memory search ends within a second or two: its status line says enough.)
 */
export function SearchProgress({
  results,
  total,
  onCancel,
}: {
  results: ObjectSearchResults;
  /** Objects to search in all. */
  total: number;
  onCancel: () => void;
}) {
  if (results.state !== 'searching' && results.state !== 'waiting') return null;
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
