import { EXPORT_FORMATS, type ExportFormat, type ExportTarget } from './formats';
import { rootFirst, setExportBytes, uniqueObjects } from './setExport';
import { soFar, type ListOrStream } from '../../lib/readonlyList';
import { DownloadButton } from './DownloadButton';
import { ExportProgress } from './ExportProgress';
import { useExport } from './useExport';
import type { ObjectSet } from '../../objects/set/objectSet';

/** The root's text, for the downloads that put it first. */
interface RootObject {
  id: string;
  raw: string;
  speckleType: string;
}

/** The set's downloads, each saving the objects once their bytes are here, the root first. */
export function SetExports({
  set,
  rootId,
  target,
  enabled,
  bodyIsLines,
}: {
  set: ObjectSet;
  /** The root the page shows: a server's is its first object, opened files' may be any. */
  rootId: string;
  target: ExportTarget;
  /** False until any object came. */
  enabled: boolean;
  /** Whether the set's bytes are a server's line form as received (see SetOrigin). */
  bodyIsLines: boolean;
}) {
  const exports = useExport();
  const exportButton = <Input,>(
    format: ExportFormat<Input>,
    input: (root: RootObject | null) => Input,
  ) => (
    <DownloadButton
      format={format}
      disabled={!enabled}
      onClick={() =>
        exports.save(
          format,
          set.wantBytes().then(async () => input(await rootToMove(set, rootId))),
          target,
          setExportBytes(format.id, set),
        )
      }
    />
  );
  const inRootOrder = <Item extends { id: string }>(
    items: ListOrStream<Item>,
    root: RootObject | null,
  ): ListOrStream<Item> | AsyncIterable<Item | RootObject> =>
    root ? rootFirst(soFar(items), root) : items;
  return (
    <>
      <div className="row toolbar">
        {exportButton(EXPORT_FORMATS.jsonArray, (root) => ({
          records: inRootOrder(set.withTexts('records'), root),
        }))}
        {/* The body as it stands when its bytes are here, if it is in the line form. */}
        {exportButton(EXPORT_FORMATS.jsonLines, (root) => ({
          records: inRootOrder(set.withTexts('records'), root),
          lineBytes: bodyIsLines && !root ? set.bodyPieces() : undefined,
        }))}
        {/* A body on disk is read back as the file is written (ObjectSet.withTexts). */}
        {exportButton(EXPORT_FORMATS.ndjson, (root) => ({
          objects: soFar(inRootOrder(set.withTexts('summaries'), root)),
        }))}
        {/* Ids need no text. */}
        {exportButton(EXPORT_FORMATS.ids, (root) => ({
          objects: root ? rootFirst(uniqueObjects(set), root) : uniqueObjects(set),
        }))}
      </div>
      <ExportProgress active={exports.active} outcome={exports.outcome} />
    </>
  );
}

/**
 * The root, with its text, when it is in the set but not its first object (opened files whose
 * root was found by their references, or picked); null when the set's order already has it first.
 */
async function rootToMove(set: ObjectSet, rootId: string): Promise<RootObject | null> {
  const summary = set.summary(rootId);
  if (!summary || set.records.at(0)?.id === rootId) return null;
  await set.wantText(rootId);
  const raw = set.raw(rootId);
  return raw === undefined ? null : { id: rootId, raw, speckleType: summary.speckleType };
}
