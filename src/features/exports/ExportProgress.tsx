import { formatBytes } from '../../speckle/text';
import type { ActiveExport } from './useExport';

/** Progress of a running download, and how the last one ended, announced politely. */
export function ExportProgress({
  active,
  outcome,
}: {
  active: ActiveExport | null;
  outcome: string | null;
}) {
  return (
    <div className="row export-progress" aria-live="polite">
      {active ? (
        <>
          <span>
            {active.label.replace(/^Download/, 'Saving')}: {formatBytes(active.bytes)}
            {active.total !== null && ` of ${formatBytes(active.total)}`}…
          </span>
          {active.total !== null && (
            <progress value={active.bytes} max={active.total} aria-label="Download progress" />
          )}
          <button type="button" onClick={active.cancel}>
            Cancel download
          </button>
        </>
      ) : (
        outcome && <span>{outcome}</span>
      )}
    </div>
  );
}
