import { useState } from 'react';
import type { ComparedPair, Comparison } from './core/compareVersions';
import { comparisonStatus } from './core/comparisonText';
import type { ObjectSet } from '../../objects/set/objectSet';
import { ChangeList } from './ChangeList';
import { DiffExports } from './DiffExports';
import { PairDiffView } from './PairDiffView';
import { TypeChangesTable } from './TypeChangesTable';
import type { CompareContext, Side } from './compareContext';

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
