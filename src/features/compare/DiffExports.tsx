import type { Comparison } from './core/compareVersions';
import { comparisonSummaryText } from './core/comparisonText';
import { DIFF_EXPORT_FORMATS, type DiffInput } from './diffReport';
import { type ExportFormat, DownloadButton, ExportProgress, useExport } from '../exports';
import { useClipboard } from '../../shared/useClipboard';
import type { CompareContext } from './compareContext';

/** The diff as files, and as a short text for a ticket (ids and counts: never a token). */
export function DiffExports({
  comparison,
  context,
  partial,
}: {
  comparison: Comparison;
  context: CompareContext;
  partial: string | null;
}) {
  const exports = useExport();
  const clipboard = useClipboard();
  const { host, from, to } = context;
  const input: DiffInput = { comparison, roots: { from, to } };
  const target = {
    host,
    projectId: to.projectId,
    objectId: to.rootId,
    detail: `from-${from.rootId}`,
    complete: partial === null,
  };
  const download = (format: ExportFormat<DiffInput>) => (
    <DownloadButton format={format} onClick={() => exports.save(format, input, target)} />
  );
  return (
    <div className="row toolbar">
      {download(DIFF_EXPORT_FORMATS.report)}
      {download(DIFF_EXPORT_FORMATS.csv)}
      <button
        type="button"
        onClick={() =>
          clipboard.copy('Summary', comparisonSummaryText(comparison, { host, from, to }, partial))
        }
      >
        Copy summary
      </button>
      {clipboard.message && <span className="hint">{clipboard.message}</span>}
      <ExportProgress active={exports.active} outcome={exports.outcome} />
    </div>
  );
}
