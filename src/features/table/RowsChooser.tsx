import { useId } from 'react';
import { formatCount } from '../../speckle/counts';
import type { TypeTotals } from '../../speckle/typeSummary';
import type { AddressSearch } from './core/tableUrl';
import type { RowSource } from './core/tableSpec';

/** A doctor finding the table can show, lifted from the model doctor's report. */
export interface TableFinding {
  rule: string;
  title: string;
  ids: readonly string[];
}

type SourceKind = RowSource['kind'];

/**
 * Which objects have a row: all, those of one `speckle_type` (the set's types, most objects first),
 * those the search in the address finds, or those of the doctor's finding last shown here.
 */
export function RowsChooser({
  source,
  types,
  search,
  finding,
  onChange,
}: {
  source: RowSource;
  types: readonly TypeTotals[];
  search: AddressSearch;
  finding: TableFinding | null;
  onChange: (source: RowSource) => void;
}) {
  const ids = { kind: useId(), type: useId() };
  const findingRule = source.kind === 'finding' ? source.rule : (finding?.rule ?? null);

  function chooseKind(kind: SourceKind) {
    if (kind === 'all') onChange({ kind });
    else if (kind === 'type' && types[0]) onChange({ kind, speckleType: types[0].speckleType });
    else if (kind === 'search') onChange({ kind, ...search });
    else if (kind === 'finding' && findingRule !== null) onChange({ kind, rule: findingRule });
  }

  const findingTitle =
    finding && finding.rule === findingRule ? finding.title : (findingRule ?? 'none shown');
  return (
    <div className="row table-rows">
      <label htmlFor={ids.kind}>Rows</label>
      <select
        id={ids.kind}
        value={source.kind}
        onChange={(event) => chooseKind(event.target.value as SourceKind)}
      >
        <option value="all">All objects</option>
        <option value="type" disabled={types.length === 0}>
          Objects of one type
        </option>
        <option value="search">
          {search.query === ''
            ? 'Search results (no search yet)'
            : `Search results: ${search.query}`}
        </option>
        <option value="finding" disabled={findingRule === null}>
          Doctor finding: {findingTitle}
        </option>
      </select>
      {source.kind === 'type' && (
        <>
          <label htmlFor={ids.type}>Type</label>
          <select
            id={ids.type}
            value={source.speckleType}
            onChange={(event) => onChange({ kind: 'type', speckleType: event.target.value })}
          >
            {!types.some(({ speckleType }) => speckleType === source.speckleType) && (
              <option value={source.speckleType}>{source.speckleType}</option>
            )}
            {types.map(({ speckleType, label, count }) => (
              <option key={speckleType} value={speckleType} title={speckleType}>
                {label} ({formatCount(count)})
              </option>
            ))}
          </select>
        </>
      )}
    </div>
  );
}
