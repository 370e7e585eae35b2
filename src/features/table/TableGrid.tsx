import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { rowAfterKey } from '../../lib/rowWindow';
import { useRowViewport } from '../../shared/useRowViewport';
import type { TableCell, TableRow } from './core/tableRows';
import type { TableSort } from './core/tableSpec';

/** Kept in step with `.table-row` and `.table-head` in app.css. */
const ROW_HEIGHT = 28;
const HEAD_HEIGHT = 32;
const OVERSCAN = 5;
/** Before layout (jsdom has none) the grid still draws a screenful. */
const FALLBACK_HEIGHT = 320;

function rowElementId(gridId: string, row: number): string {
  return `${gridId}-row-${row}`;
}

/**
 * One row per object, as a grid that draws only the rows in view: a table can have a million.
 * The header's buttons sort (aria-sort says how); arrows, Page Up/Down, Home and End move the
 * active row, Enter opens its object, as a click on the row does. The head stays on top of the
 * scrolled box, so the rows' window is measured below it.
 */
export function TableGrid({
  gridId,
  viewKey,
  columns,
  rowCount,
  rowsAt,
  sort,
  onSort,
  onOpen,
}: {
  gridId: string;
  /** Changes with the rows' choice, filters or order: the grid then starts at its first row. */
  viewKey: string;
  columns: readonly string[];
  rowCount: number;
  /** The rows from start up to end; undefined for one not fetched yet (asked for by this call). */
  rowsAt: (start: number, end: number) => ReadonlyArray<TableRow | undefined>;
  sort: TableSort | null;
  onSort: (column: string) => void;
  onOpen: (id: string) => void;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [seenKey, setSeenKey] = useState(viewKey);
  if (seenKey !== viewKey) {
    setSeenKey(viewKey);
    setActive(0);
  }
  const activeRow = Math.min(active, Math.max(0, rowCount - 1));
  const { viewport, setViewport, shown } = useRowViewport(boxRef, activeRow, {
    rowHeight: ROW_HEIGHT,
    rowCount,
    overscan: OVERSCAN,
    fallbackHeight: FALLBACK_HEIGHT,
    headHeight: HEAD_HEIGHT,
  });
  const rows = rowsAt(shown.start, shown.end);

  useLayoutEffect(() => {
    const element = boxRef.current;
    if (!element || element.scrollTop === 0) return;
    element.scrollTop = 0;
    setViewport((current) => ({ ...current, scrollTop: 0 }));
  }, [viewKey, setViewport]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.target !== event.currentTarget || rowCount === 0) return;
    const target = rowAfterKey(event.key, activeRow, rowCount, viewport.height, ROW_HEIGHT);
    if (target !== undefined) {
      event.preventDefault();
      setActive(target);
    } else if (event.key === 'Enter' || event.key === ' ') {
      const row = rows[activeRow - shown.start];
      if (!row) return;
      event.preventDefault();
      onOpen(row.id);
    }
  }

  const template = `minmax(6rem, 9rem) repeat(${columns.length}, minmax(7rem, 1fr))`;
  const activeShown = activeRow >= shown.start && activeRow < shown.end;
  return (
    <div
      ref={boxRef}
      id={gridId}
      className="table-grid"
      role="grid"
      aria-label="Property table rows"
      aria-rowcount={rowCount + 1}
      aria-colcount={columns.length + 1}
      aria-activedescendant={
        activeShown && rowCount > 0 ? rowElementId(gridId, activeRow) : undefined
      }
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div role="rowgroup" className="table-head">
        <div
          role="row"
          aria-rowindex={1}
          className="table-row"
          style={{ gridTemplateColumns: template }}
        >
          <span role="columnheader" aria-colindex={1}>
            Object
          </span>
          {columns.map((column, at) => (
            <span
              key={column}
              role="columnheader"
              aria-colindex={at + 2}
              aria-sort={
                sort?.column !== column ? 'none' : sort.descending ? 'descending' : 'ascending'
              }
            >
              <button
                type="button"
                className="link-button"
                title={column}
                onClick={() => onSort(column)}
              >
                {column}
                {sort?.column === column && (
                  <span aria-hidden="true">{sort.descending ? ' ↓' : ' ↑'}</span>
                )}
              </button>
            </span>
          ))}
        </div>
      </div>
      <div role="rowgroup" style={{ height: shown.height, position: 'relative' }}>
        <div style={{ position: 'absolute', top: shown.top, left: 0, right: 0 }}>
          {rows.map((row, offset) => {
            const index = shown.start + offset;
            return (
              <GridRow
                key={index}
                id={rowElementId(gridId, index)}
                index={index}
                row={row}
                columns={columns.length}
                template={template}
                active={index === activeRow}
                onClick={() => {
                  setActive(index);
                  if (row) onOpen(row.id);
                }}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

function GridRow({
  id,
  index,
  row,
  columns,
  template,
  active,
  onClick,
}: {
  id: string;
  index: number;
  row: TableRow | undefined;
  columns: number;
  template: string;
  active: boolean;
  onClick: () => void;
}) {
  return (
    <div
      id={id}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={active}
      className={active ? 'table-row active' : 'table-row'}
      style={{ gridTemplateColumns: template }}
      onClick={onClick}
    >
      {row ? (
        <>
          <span role="rowheader" aria-colindex={1} title={row.id}>
            <code className="id">{row.id.slice(0, 10)}</code>
          </span>
          {Array.from({ length: columns }, (_, at) => (
            <Cell key={at} cell={row.cells[at] ?? null} column={at + 2} />
          ))}
        </>
      ) : (
        <span role="gridcell" aria-colindex={1} className="hint">
          Row {index + 1}…
        </span>
      )}
    </div>
  );
}

function Cell({ cell, column }: { cell: TableCell | null; column: number }) {
  return (
    <span role="gridcell" aria-colindex={column} title={cell?.text}>
      {cell ? (
        <>
          {cell.text}
          {cell.unit && <span className="unit"> {cell.unit}</span>}
        </>
      ) : (
        <span className="hint" aria-label="no value">
          –
        </span>
      )}
    </span>
  );
}
