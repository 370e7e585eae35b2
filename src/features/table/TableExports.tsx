import { DownloadButton, ExportProgress, useExport, type ExportTarget } from '../exports';
import { tableFileDetail } from './core/tableFiles';
import type { TableSpec } from './core/tableSpec';
import { rowBatches, type ReadAllRows } from './rowBatches';
import { TABLE_EXPORT_FORMATS } from './tableExports';

/**
 * The table's rows as files, in the order and with the filters shown, streamed to disk through
 * the exports feature. The file's name says what made the table (its rows' source, its filters).
 */
export function TableExports({
  spec,
  readAllRows,
  target,
}: {
  spec: TableSpec;
  readAllRows: ReadAllRows;
  target: ExportTarget;
}) {
  const exports = useExport();
  return (
    <div className="row toolbar table-exports">
      {Object.values(TABLE_EXPORT_FORMATS).map((format) => (
        <DownloadButton
          key={format.id}
          format={format}
          disabled={exports.active !== null}
          onClick={() =>
            exports.save(
              format,
              { columns: spec.columns, batches: rowBatches(readAllRows) },
              { ...target, detail: tableFileDetail(spec) },
            )
          }
        />
      ))}
      <ExportProgress active={exports.active} outcome={exports.outcome} />
    </div>
  );
}
