import { memo, useEffect, useId, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { EXPORT_FORMATS, type ExportTarget, ExportProgress, useExport } from '../../exports';
import { soFar } from '../../../lib/readonlyList';
import type { ObjectSet } from '../../../objects/set/objectSet';
import type { ObjectSummary } from '../../../objects/set/body';
import { countOf, formatCount } from '../../../speckle/counts';
import { formatBytes } from '../../../speckle/text';
import {
  DepthTally,
  LargestObjects,
  NO_TYPE_LABEL,
  TypeTally,
  type DepthCount,
  type TypeTotals,
} from '../../../speckle/typeSummary';
import { shortTypeName } from '../../../speckle/types';
import { GrowingScan } from '../../../lib/growingScan';
import { DepthTable } from './DepthTable';
import { TypeChart } from './TypeChart';
import { useLoadProgress } from '../../../objects/set/useLoadProgress';
import { useRootClosure } from './useRootClosure';

const LARGEST = 10;

interface Overview {
  types: TypeTotals[];
  depths: DepthCount[];
  largest: ObjectSummary[];
}

/**
 * "What's in it": objects and bytes per type, where the closure's descendants sit, the largest
 * objects. Tallied as objects arrive, in time slices, and redrawn a few times a second. Memoised:
 * only the open panel follows the load.
 */
export const ModelOverview = memo(function ModelOverview({
  set,
  rootId,
  target,
  shownType,
  onShowType,
  onOpen,
}: {
  set: ObjectSet;
  /** The object whose closure the depths are counted in. */
  rootId: string;
  target: ExportTarget;
  /** The type the object list is narrowed to, if any. */
  shownType: string | null;
  onShowType: (speckleType: string) => void;
  onOpen: (id: string) => void;
}) {
  // Tallied only while open: a closed panel's figures would cost the load's main thread for nothing.
  const [open, setOpen] = useState(false);
  const closure = useRootClosure(set, rootId, open);
  return (
    <details className="result-panel" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>What’s in it</summary>
      {!open ? null : closure ? (
        <OverviewBody
          set={set}
          closure={closure}
          target={target}
          shownType={shownType}
          onShowType={onShowType}
          onOpen={onOpen}
        />
      ) : (
        <p className="hint">Reading the root’s closure…</p>
      )}
    </details>
  );
});

function OverviewBody({
  set,
  closure,
  target,
  shownType,
  onShowType,
  onOpen,
}: {
  set: ObjectSet;
  closure: ReadonlyMap<string, number>;
  target: ExportTarget;
  shownType: string | null;
  onShowType: (speckleType: string) => void;
  onOpen: (id: string) => void;
}) {
  const { received } = useLoadProgress(set);
  const [scan] = useState(() => overviewScan(set, closure));
  useEffect(() => () => scan.stop(), [scan]);
  useEffect(() => scan.scanTo(received), [scan, received]);
  const { result, scanned } = useSyncExternalStore(scan.subscribe, scan.getSnapshot);
  const exports = useExport();

  // Clicks are handled here rather than by the figures' own buttons: this body re-renders on
  // every progress update, the memoised figures only when the scan publishes, so they take data
  // and no functions.
  function onFigureClick(event: MouseEvent<HTMLElement>) {
    const control = (event.target as Element).closest<HTMLElement | SVGElement>('[data-action]');
    const { action, value = '' } = control?.dataset ?? {};
    if (action === 'show-type') onShowType(value);
    else if (action === 'open') onOpen(value);
    else if (action === 'download') {
      const type = result.types.find((candidate) => candidate.speckleType === value);
      // In the click handler: the save dialog needs the click.
      if (type) download(type);
    }
  }

  function download(type: TypeTotals) {
    exports.save(
      EXPORT_FORMATS.objectsOfType,
      set.wantBytes().then(() => ({
        objects: soFar(set.withTexts('summaries')),
        speckleType: type.speckleType,
      })),
      { ...target, detail: type.label },
    );
  }

  return (
    <div className="panel-body">
      <p className="hint">
        {scanned < received
          ? `Counting… ${formatCount(scanned)} of ${countOf(received, 'object', 'objects')} so far.`
          : `${countOf(scanned, 'object', 'objects')} in ${countOf(result.types.length, 'type', 'types')}. ` +
            'Choose a type to list only its objects.'}
      </p>
      <div onClick={onFigureClick}>
        <OverviewFigures overview={result} counting={scanned < received} shownType={shownType} />
      </div>
      <ExportProgress active={exports.active} outcome={exports.outcome} />
    </div>
  );
}

const OverviewFigures = memo(function OverviewFigures({
  overview,
  counting,
  shownType,
}: {
  overview: Overview;
  /** The figures lag behind the objects received. */
  counting: boolean;
  shownType: string | null;
}) {
  const largestHeading = useId();
  const downloadHint = useId();
  return (
    <>
      <TypeChart types={overview.types} />
      <table className="figures">
        <caption>Objects and bytes per type</caption>
        <thead>
          <tr>
            <th scope="col">Type</th>
            <th scope="col">Objects</th>
            <th scope="col">Bytes</th>
            <th scope="col">Download</th>
          </tr>
        </thead>
        <tbody>
          {overview.types.map((type) => (
            <tr key={type.speckleType}>
              <th scope="row">
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Show only ${type.label} objects`}
                  aria-pressed={shownType === type.speckleType}
                  title={type.chain.join(' › ') || NO_TYPE_LABEL}
                  data-action="show-type"
                  data-value={type.speckleType}
                >
                  {type.label}
                </button>
              </th>
              <td>{formatCount(type.count)}</td>
              <td>{formatBytes(type.bytes)}</td>
              <td>
                <button
                  type="button"
                  data-action="download"
                  data-value={type.speckleType}
                  aria-describedby={downloadHint}
                >
                  Download {type.label} objects
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p id={downloadHint} className="hint">
        Download: {EXPORT_FORMATS.objectsOfType.summary}
      </p>
      <DepthTable depths={overview.depths} counting={counting} />
      <h3 id={largestHeading}>Largest objects</h3>
      <ol className="largest" aria-labelledby={largestHeading}>
        {overview.largest.map((object) => (
          <li key={object.id}>
            <button type="button" className="link-button" data-action="open" data-value={object.id}>
              <span className="type">{shortTypeName(object.speckleType) || NO_TYPE_LABEL}</span>{' '}
              <code className="id">{object.id}</code>{' '}
              <span className="size">{formatBytes(object.bytes)}</span>
            </button>
          </li>
        ))}
      </ol>
    </>
  );
});

function overviewScan(
  set: ObjectSet,
  closure: ReadonlyMap<string, number>,
): GrowingScan<ObjectSummary, Overview> {
  const types = new TypeTally();
  const depths = new DepthTally(closure);
  const largest = new LargestObjects(LARGEST);
  return new GrowingScan(set.summaries, {
    add(summary) {
      types.add(summary);
      depths.add(summary.id);
      largest.add(summary);
    },
    result: () => ({
      types: types.totals(),
      depths: depths.distribution(),
      largest: largest.list(),
    }),
  });
}
