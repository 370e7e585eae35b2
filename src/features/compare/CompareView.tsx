import type { LoadableLookup } from '../../objects/load/lookup';
import { useObjectSet } from '../../objects/load/objectSetQuery';
import type { ObjectSet } from '../../objects/set/objectSet';
import { useLoadPhase } from '../../objects/set/useLoadProgress';
import { CompareResult } from './CompareResult';
import type { CompareContext } from './compareContext';
import { SideLoad } from './SideLoad';
import { useComparison } from './useComparison';

type ChildrenLookup = Extract<LoadableLookup, { mode: 'children' }>;

/**
 * Two versions loaded side by side through the load pipeline, in parallel, then compared. A side
 * that fails leaves the other loaded and says which failed and why.
 */
export function CompareView({
  from,
  to,
  context,
}: {
  from: ChildrenLookup;
  to: ChildrenLookup;
  context: CompareContext;
}) {
  const fromSet = useObjectSet(from.input);
  const toSet = useObjectSet(to.input);
  if (!fromSet || !toSet) return <p role="status">Connecting…</p>;
  return <LoadedSides fromSet={fromSet} toSet={toSet} context={context} />;
}

function LoadedSides({
  fromSet,
  toSet,
  context,
}: {
  fromSet: ObjectSet;
  toSet: ObjectSet;
  context: CompareContext;
}) {
  const fromPhase = useLoadPhase(fromSet);
  const toPhase = useLoadPhase(toSet);
  const ended = !fromPhase.loading && !toPhase.loading;
  const empty = [!fromPhase.anyReceived && 'first', !toPhase.anyReceived && 'second'].filter(
    (side) => side !== false,
  );
  const comparison = useComparison(fromSet, toSet, ended && empty.length === 0);
  const partial = [
    fromPhase.status !== 'complete' && 'first',
    toPhase.status !== 'complete' && 'second',
  ].filter((side) => side !== false);
  return (
    <section className="compare" aria-labelledby="comparison-heading">
      <h2 id="comparison-heading">Comparison</h2>
      <div className="compare-sides">
        <SideLoad
          name="First"
          side={context.from}
          set={fromSet}
          resultHref={context.treeHref('from', context.from.rootId)}
        />
        <SideLoad
          name="Second"
          side={context.to}
          set={toSet}
          resultHref={context.treeHref('to', context.to.rootId)}
        />
      </div>
      {ended && empty.length > 0 && (
        <p role="status">
          Nothing to compare: the {empty.join(' and the ')}{' '}
          {empty.length === 1 ? 'version has' : 'versions have'} no objects.
        </p>
      )}
      {comparison.state === 'comparing' && <p role="status">Comparing…</p>}
      {comparison.state === 'failed' && (
        <p role="alert" className="alert">
          {comparison.message}
        </p>
      )}
      {comparison.state === 'done' && (
        <CompareResult
          comparison={comparison.comparison}
          context={context}
          sets={{ from: fromSet, to: toSet }}
          partial={partialNote(partial)}
        />
      )}
    </section>
  );
}

/** Which side's load stopped short: its missing objects would otherwise read as real changes. */
function partialNote(sides: string[]): string | null {
  if (sides.length === 0) return null;
  const which = sides.length === 1 ? `the ${sides[0]} version's load` : "both versions' loads";
  return `Partial diff: ${which} did not complete, so the differences are only those of the objects that arrived.`;
}
