import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Change, ChangeKind, ComparedPair, Comparison } from './core/compareVersions';
import { countOf } from '../../speckle/counts';
import { shortTypeName } from '../../speckle/types';
import { PagedList } from '../../shared/PagedList';
import { KIND_NAMES } from './kindNames';
import type { Side } from './compareContext';

/** Every change, a page at a time, filtered by kind of change and by type. */
export function ChangeList({
  comparison,
  selected,
  onSelect,
  treeHref,
}: {
  comparison: Comparison;
  selected: ComparedPair | null;
  onSelect: (pair: ComparedPair) => void;
  treeHref: (side: Side, id: string) => string;
}) {
  const id = useId();
  const [kind, setKind] = useState<ChangeKind | ''>('');
  const [type, setType] = useState('');
  // A whole model can differ: filtered once per choice, not on every selection.
  const shown = useMemo(
    () =>
      comparison.changes.filter(
        (entry) =>
          (kind === '' || entry.kind === kind) && (type === '' || entry.speckleType === type),
      ),
    [comparison, kind, type],
  );
  return (
    <section className="compare-changes" aria-label="Changes">
      <div className="row">
        <label htmlFor={`${id}-kind`}>Kind of change</label>
        <select
          id={`${id}-kind`}
          value={kind}
          onChange={(event) => setKind(event.target.value as ChangeKind | '')}
        >
          <option value="">All</option>
          {Object.entries(KIND_NAMES).map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-type`}>Type</label>
        <select id={`${id}-type`} value={type} onChange={(event) => setType(event.target.value)}>
          <option value="">All</option>
          {comparison.byType.map((row) => (
            <option key={row.speckleType} value={row.speckleType}>
              {row.speckleType || '(no type)'}
            </option>
          ))}
        </select>
      </div>
      <p className="hint">{countOf(shown.length, 'change', 'changes')} shown</p>
      <PagedList
        items={shown}
        label="Changed objects"
        render={(entry) => (
          <ChangeRow
            entry={entry}
            selected={entry.pair === selected}
            onSelect={onSelect}
            treeHref={treeHref}
          />
        )}
      />
    </section>
  );
}

function ChangeRow({
  entry,
  selected,
  onSelect,
  treeHref,
}: {
  entry: Change;
  selected: boolean;
  onSelect: (pair: ComparedPair) => void;
  treeHref: (side: Side, id: string) => string;
}) {
  const { pair } = entry;
  return (
    <span className="row">
      <span title={entry.speckleType}>
        {KIND_NAMES[entry.kind]}: {shortTypeName(entry.speckleType) || '(no type)'}{' '}
        <code>{entry.id}</code>
      </span>
      {pair && (
        <button
          type="button"
          aria-pressed={selected}
          aria-label={`Show differences of ${pair.to}`}
          onClick={() => onSelect(pair)}
        >
          Show differences
        </button>
      )}
      <Link to={treeHref(entry.side, entry.id)} aria-label={`Open in the tree: ${entry.id}`}>
        Open in the tree
      </Link>
    </span>
  );
}
