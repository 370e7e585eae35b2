import { EXPORT_FORMATS, type ExportFormat, type ExportTarget } from '../../export/formats';
import { setExportBytes, uniqueObjects } from '../../export/setExport';
import { soFar } from '../../scheduling/readonlyList';
import { DownloadButton } from '../../shared/DownloadButton';
import { ExportProgress } from '../../shared/ExportProgress';
import { useExport } from '../../shared/useExport';
import type { ObjectSet } from '../../store/objectSet';

/** The set's downloads, each saving the objects once their bytes are here. */
export function SetExports({
  set,
  target,
  enabled,
  bodyIsLines,
}: {
  set: ObjectSet;
  target: ExportTarget;
  /** False until any object came. */
  enabled: boolean;
  /** Whether the set's bytes are a server's line form as received (see SetOrigin). */
  bodyIsLines: boolean;
}) {
  const exports = useExport();
  const exportButton = <Input,>(format: ExportFormat<Input>, input: () => Input) => (
    <DownloadButton
      format={format}
      disabled={!enabled}
      onClick={() =>
        exports.save(format, set.wantBytes().then(input), target, setExportBytes(format.id, set))
      }
    />
  );
  // A body on disk is read back as the file is written (ObjectSet.withTexts); ids need no text.
  const eachObjectOnce = () => ({ objects: soFar(set.withTexts('summaries')) });
  const eachId = () => ({ objects: uniqueObjects(set) });
  return (
    <>
      <div className="row toolbar">
        {exportButton(EXPORT_FORMATS.jsonArray, () => ({ records: set.withTexts('records') }))}
        {/* The body as it stands when its bytes are here, if it is in the line form. */}
        {exportButton(EXPORT_FORMATS.jsonLines, () => ({
          records: set.withTexts('records'),
          lineBytes: bodyIsLines ? set.bodyPieces() : undefined,
        }))}
        {exportButton(EXPORT_FORMATS.ndjson, eachObjectOnce)}
        {exportButton(EXPORT_FORMATS.ids, eachId)}
      </div>
      <ExportProgress active={exports.active} outcome={exports.outcome} />
    </>
  );
}
