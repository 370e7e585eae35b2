/**
 * "Property table": one row per object of a loaded set, one column per property path, built in a
 * worker from the stored texts (usePropertyTable). The table lives in the address
 * (useTableAddress), so a link reproduces it; the rows open their objects and leave as files.
 */
import { useEffect, useId, useRef } from 'react';
import type { ExportTarget } from '../exports';
import type { ObjectSet } from '../../objects/set/objectSet';
import { useLoadPhase } from '../../objects/set/useLoadProgress';
import { countOf, formatCount } from '../../speckle/counts';
import { suggestionsHint } from './core/columnSuggestions';
import { withSortToggled, withSource } from './core/specEdits';
import type { TableSpec } from './core/tableSpec';
import { RowsChooser, type TableFinding } from './RowsChooser';
import { TableColumns } from './TableColumns';
import { TableExports } from './TableExports';
import { TableGrid } from './TableGrid';
import { TableGroups } from './TableGroups';
import { usePropertyTable, type TableState } from './usePropertyTable';
import { useSetTypes } from './useSetTypes';
import { useTableAddress } from './useTableAddress';

export function PropertyTablePanel({
  set,
  target,
  finding,
  onOpen,
}: {
  set: ObjectSet;
  target: ExportTarget;
  /** The doctor finding last chosen for the table, with its objects. */
  finding: TableFinding | null;
  onOpen: (id: string) => void;
}) {
  const { table, search, write } = useTableAddress();
  const summaryId = useId();
  const summaryRef = useRef<HTMLElement>(null);
  // A finding just sent here from the model doctor: the table is where the user goes next.
  useEffect(() => {
    if (!finding) return;
    summaryRef.current?.scrollIntoView?.({ block: 'start' });
    summaryRef.current?.focus();
  }, [finding]);
  return (
    <details
      className="result-panel property-table"
      aria-labelledby={summaryId}
      open={table.open}
      onToggle={(event) => {
        const open = event.currentTarget.open;
        if (open !== table.open) write({ ...table, open });
      }}
    >
      <summary id={summaryId} ref={summaryRef}>
        Property table
      </summary>
      {table.open && (
        <TableWorkspace
          set={set}
          spec={table.spec}
          search={search}
          finding={finding}
          target={target}
          onChange={(spec) => write({ open: true, spec })}
          onOpen={onOpen}
        />
      )}
    </details>
  );
}

function TableWorkspace({
  set,
  spec,
  search,
  finding,
  target,
  onChange,
  onOpen,
}: {
  set: ObjectSet;
  spec: TableSpec;
  search: Parameters<typeof RowsChooser>[0]['search'];
  finding: TableFinding | null;
  target: ExportTarget;
  onChange: (spec: TableSpec) => void;
  onOpen: (id: string) => void;
}) {
  const gridId = useId();
  const types = useSetTypes(set);
  const { status, loading } = useLoadPhase(set);
  const findingIds =
    spec.source.kind === 'finding' && finding?.rule === spec.source.rule ? finding.ids : null;
  const view = usePropertyTable(set, spec, findingIds);
  const { state } = view;
  const building = state.status === 'building';
  const rowCount = view.rowCount ?? 0;
  return (
    <div className="panel-body table-body">
      <RowsChooser
        source={spec.source}
        types={types}
        search={search}
        finding={finding}
        onChange={(source) => onChange(withSource(spec, source))}
      />
      {spec.source.kind === 'finding' && findingIds === null && (
        <p className="hint">
          Run Check model in the model doctor, then choose Show in property table on this finding.
        </p>
      )}
      {spec.source.kind === 'search' && spec.source.query === '' && (
        <p className="hint">Type a search in Search all objects: its results become the rows.</p>
      )}
      {status !== 'complete' && !loading && (
        <p className="hint">
          This set is incomplete: the table has rows only for the objects received.
        </p>
      )}
      <TableColumns
        spec={spec}
        suggestions={view.suggestions}
        suggestionsNote={suggestionsHint(view.suggestedFrom, view.sourceCount)}
        onChange={onChange}
      />
      <div className="row">
        {building && (
          <>
            <progress
              max={state.total}
              value={state.read}
              aria-label="Objects read for the table"
            />
            <button type="button" onClick={view.cancel}>
              Cancel table
            </button>
          </>
        )}
        <p aria-live="polite" aria-busy={building}>
          {statusText(state, rowCount, view.sourceCount ?? 0, loading)}
        </p>
        {state.status === 'cancelled' && (
          <button type="button" onClick={view.rebuild}>
            Build table again
          </button>
        )}
      </div>
      {state.status === 'ready' && (
        <TableExports spec={spec} readAllRows={view.readAllRows} target={target} />
      )}
      {spec.groupBy !== null && view.groups && (
        <TableGroups groupBy={spec.groupBy} columns={spec.columns} groups={view.groups} />
      )}
      {/* Kept while a sort or filter is answered, so that the header pressed keeps the focus. */}
      {state.status !== 'idle' && state.status !== 'failed' && (
        <TableGrid
          gridId={gridId}
          viewKey={JSON.stringify([spec.source, spec.filters, spec.sort])}
          columns={spec.columns}
          rowCount={rowCount}
          rowsAt={view.rowsAt}
          sort={spec.sort}
          onSort={(column) => onChange(withSortToggled(spec, column))}
          onOpen={onOpen}
        />
      )}
    </div>
  );
}

function statusText(
  state: TableState,
  rowCount: number,
  sourceCount: number,
  loading: boolean,
): string {
  switch (state.status) {
    case 'idle':
      return loading ? 'The table is built once the load has ended.' : '';
    case 'building':
      return `Reading ${formatCount(state.read)} of ${countOf(state.total, 'object', 'objects')}…`;
    case 'failed':
      return `The table could not be built: ${state.message}`;
    case 'cancelled':
      return 'The table was cancelled.';
    case 'ready':
      return rowCount === sourceCount
        ? `${countOf(rowCount, 'row', 'rows')}.`
        : `${countOf(rowCount, 'row', 'rows')} of ${countOf(sourceCount, 'object', 'objects')} chosen, after the filters.`;
  }
}
