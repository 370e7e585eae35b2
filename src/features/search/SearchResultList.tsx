import { useEffect, type KeyboardEvent, type RefObject } from 'react';
import { toJavaScriptPath } from '../../speckle/paths';
import type { MatchField } from '../../speckle/searchMatch';
import { shortTypeName } from '../../speckle/types';
import { ShownText } from '../../shared/ShownText';
import type { MatchDetails } from './core/matchDetails';
import { rowAfterKey } from '../../lib/rowWindow';
import { useRowViewport } from '../../shared/useRowViewport';
import type { ObjectSearchResults } from './searchResults';

const FIELD_LABELS: Record<MatchField, string> = {
  id: 'id',
  type: 'type',
  applicationId: 'applicationId',
  name: 'name',
  key: 'property name',
  value: 'value',
  object: 'object',
};

/** Kept in step with `.search-row` in app.css. */
const ROW_HEIGHT = 28;
const OVERSCAN = 5;
/** Before layout (jsdom has none) the list still draws a screenful. */
const FALLBACK_HEIGHT = 320;

function optionId(listId: string, row: number): string {
  return `${listId}-${row}`;
}

/**
 * Every match of a search, one row each, as a listbox (aria-activedescendant) that draws only the
 * rows in view: a search can find millions. A row's object and match are asked of the search when
 * it comes into view (useObjectSearch's `want`).
 */
export function SearchResultList({
  results,
  details,
  want,
  listId,
  active,
  onActive,
  onOpen,
  listRef,
  inputRef,
}: {
  results: ObjectSearchResults;
  details: MatchDetails;
  want: (start: number, end: number) => void;
  listId: string;
  /** The active row, among all matches. */
  active: number;
  onActive: (row: number) => void;
  onOpen: (row: number) => void;
  listRef: RefObject<HTMLDivElement | null>;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const count = results.matches;
  const { viewport, shown } = useRowViewport(listRef, active, {
    rowHeight: ROW_HEIGHT,
    rowCount: count,
    overscan: OVERSCAN,
    fallbackHeight: FALLBACK_HEIGHT,
  });

  useEffect(() => want(shown.start, shown.end), [want, shown.start, shown.end, count]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const target = rowAfterKey(event.key, active, count, viewport.height, ROW_HEIGHT);
    if (event.key === 'ArrowUp' && active === 0) {
      event.preventDefault();
      inputRef.current?.focus();
    } else if (target !== undefined) {
      event.preventDefault();
      onActive(target);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(active);
    }
  }

  const rows = [];
  for (let row = shown.start; row < shown.end; row += 1) {
    rows.push(
      <ResultRow
        key={row}
        row={row}
        results={results}
        details={details}
        listId={listId}
        active={row === active}
        onOpen={onOpen}
      />,
    );
  }
  const activeShown = active >= shown.start && active < shown.end;
  return (
    <div
      ref={listRef}
      id={listId}
      className="search-results"
      role="listbox"
      aria-label="Search results"
      tabIndex={0}
      aria-activedescendant={activeShown ? optionId(listId, active) : undefined}
      onKeyDown={onKeyDown}
    >
      <div style={{ height: shown.height, position: 'relative' }}>
        <div style={{ position: 'absolute', top: shown.top, left: 0, right: 0 }}>{rows}</div>
      </div>
    </div>
  );
}

function ResultRow({
  row,
  results,
  details,
  listId,
  active,
  onOpen,
}: {
  row: number;
  results: ObjectSearchResults;
  details: MatchDetails;
  listId: string;
  active: boolean;
  onOpen: (row: number) => void;
}) {
  const at = results.found.row(row);
  const shown = at && details.get(at.index, at.match);
  const id = optionId(listId, row);
  // An object's first match opens its rows, marked so that one object's rows stand apart.
  const className = ['search-row', at?.match === 0 && 'first', active && 'active']
    .filter(Boolean)
    .join(' ');
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      aria-setsize={results.matches}
      aria-posinset={row + 1}
      className={className}
      onClick={() => onOpen(row)}
    >
      {shown ? (
        <>
          <span className="search-object" title={`${shown.speckleType ?? ''} ${shown.id}`}>
            {shortTypeName(shown.speckleType) || 'Object'}
            {shown.name && ` ${shown.name}`}
          </span>{' '}
          <code className="id">{shown.id.slice(0, 8)}</code>{' '}
          <span className="search-field">{FIELD_LABELS[shown.match.field]}</span>{' '}
          <code className="search-path">
            <ShownText text={toJavaScriptPath(shown.match.path)} />
          </code>{' '}
          <span className="search-excerpt">
            <ShownText text={shown.match.excerpt} marks={shown.match.marks} />
          </span>
        </>
      ) : (
        <span className="hint">Match {row + 1}…</span>
      )}
    </div>
  );
}
