import { useState } from 'react';
import type { ComparedSide } from '../../speckle/compare/comparedSide';
import type { ComparedPair, Comparison } from '../../speckle/compare/compareVersions';
import { comparisonStatus } from '../../speckle/compare/comparisonText';
import type { ObjectSet } from '../../store/objectSet';
import { ChangeList } from './ChangeList';
import { DiffExports } from './DiffExports';
import { PairDiffView } from './PairDiffView';
import { TypeChangesTable } from './TypeChangesTable';

export type Side = 'from' | 'to';

/** What the two sides are, and how to open one of their objects in the existing tree. */
export interface CompareContext {
  host: string;
  from: ComparedSide;
  to: ComparedSide;
  treeHref(side: Side, id: string): string;
}

export function CompareResult({
  comparison,
  context,
  sets,
  partial,
}: {
  comparison: Comparison;
  context: CompareContext;
  sets: Record<Side, ObjectSet>;
  partial: string | null;
}) {
  const [selected, setSelected] = useState<ComparedPair | null>(null);
  const selectFrom = (fromId: string) => {
    const pair = comparison.pairs.find((candidate) => candidate.from === fromId);
    if (pair) setSelected(pair);
  };
  return (
    <>
      <p role="status" className="compare-status">
        {comparisonStatus(comparison)}
      </p>
      {partial && <p className="hint">{partial}</p>}
      <DiffExports comparison={comparison} context={context} partial={partial} />
      <TypeChangesTable comparison={comparison} />
      <div className="split">
        <ChangeList
          comparison={comparison}
          selected={selected}
          onSelect={setSelected}
          treeHref={context.treeHref}
        />
        {selected && (
          <PairDiffView
            pair={selected}
            sets={sets}
            treeHref={context.treeHref}
            onFollow={selectFrom}
          />
        )}
      </div>
    </>
  );
}
