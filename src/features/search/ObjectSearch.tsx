import { memo, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { isLoading, type ObjectSet } from '../../store/objectSet';
import { toJavaScriptPath, type Path } from '../../speckle/paths';
import {
  matchRanges,
  type FieldMatch,
  type ObjectMatch,
  type SearchField,
} from '../../speckle/search';
import { shortTypeName } from '../../speckle/types';
import { searchStatusText } from './searchResults';
import { useLoadProgress } from '../../shared/useLoadProgress';
import { useObjectSearch } from './useObjectSearch';
import { useLatest } from '../../shared/useLatest';

/** Typing pauses this long before a search starts, so that each keystroke does not start one. */
const DEBOUNCE_MS = 250;

const FIELD_LABELS: Record<SearchField, string> = {
  id: 'id',
  type: 'type',
  applicationId: 'applicationId',
  name: 'name',
  key: 'property name',
  value: 'value',
};

interface ResultRow {
  object: ObjectMatch;
  match: FieldMatch;
  /** Its place among the object's matches. */
  index: number;
  optionId: string;
}

function optionId(listId: string, objectId: string, index: number): string {
  return `${listId}-${objectId}-${index}`;
}

/**
 * Search across every loaded object by id, type, applicationId, name, key or value. The list of
 * results follows the listbox pattern (aria-activedescendant), grouped by object; it is short
 * (the search stops at a few hundred objects), so it is not virtualised.
 */
export function ObjectSearch({
  set,
  onOpen,
}: {
  set: ObjectSet;
  onOpen: (id: string, path: Path) => void;
}) {
  const progress = useLoadProgress(set);
  const { received } = progress;
  const ids = { input: useId(), status: useId(), list: useId() };
  const [text, setText] = useState('');
  const { results, search } = useObjectSearch(set, progress.readable);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState({ queryId: 0, index: 0 });

  useEffect(() => {
    const timer = setTimeout(() => search(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search]);

  const rows: ResultRow[] = results.objects.flatMap((object) =>
    object.matches.map((match, index) => ({
      object,
      match,
      index,
      optionId: optionId(ids.list, object.id, index),
    })),
  );
  // A new query starts again at its first result.
  const activeIndex =
    active.queryId === results.queryId ? Math.min(active.index, rows.length - 1) : 0;
  const activeRow = rows[activeIndex];

  function moveTo(index: number) {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActive({ queryId: results.queryId, index: next });
    // jsdom has no scrollIntoView.
    const option = document.getElementById(rows[next]?.optionId ?? '');
    option?.scrollIntoView?.({ block: 'nearest' });
  }

  // Stable for the memoised groups: results arrive many times a second while a search runs, and
  // only the groups that are new should render.
  const latest = useLatest({ rows, moveTo, onOpen });
  const choose = useCallback(
    (id: string) => {
      const { rows, moveTo, onOpen } = latest.current;
      const index = rows.findIndex((row) => row.optionId === id);
      const row = rows[index];
      if (!row) return;
      moveTo(index);
      onOpen(row.object.id, row.match.path);
    },
    [latest],
  );

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      search(text);
    } else if (event.key === 'Escape' && text !== '') {
      // Clears the search rather than cancelling the download (Escape anywhere else).
      event.stopPropagation();
      setText('');
    } else if (event.key === 'ArrowDown' && rows.length > 0) {
      event.preventDefault();
      listRef.current?.focus();
    }
  }

  function onListKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowDown: activeIndex + 1,
      ArrowUp: activeIndex - 1,
      PageDown: activeIndex + 10,
      PageUp: activeIndex - 10,
      Home: 0,
      End: rows.length - 1,
    };
    const target = moves[event.key];
    if (event.key === 'ArrowUp' && activeIndex === 0) {
      event.preventDefault();
      inputRef.current?.focus();
    } else if (target !== undefined) {
      event.preventDefault();
      moveTo(target);
    } else if ((event.key === 'Enter' || event.key === ' ') && activeRow) {
      event.preventDefault();
      onOpen(activeRow.object.id, activeRow.match.path);
    }
  }

  const status = results.error
    ? `The search failed: ${results.error}`
    : searchStatusText(results, {
        received,
        loading: isLoading(progress),
        tooLarge: progress.tooLarge,
      });
  return (
    <div className="object-search" role="search" aria-label="Search across objects">
      <div className="field">
        <label htmlFor={ids.input}>Search all objects</label>
        <input
          id={ids.input}
          ref={inputRef}
          type="search"
          placeholder="Id, type, name or any value"
          value={text}
          aria-describedby={ids.status}
          aria-controls={rows.length > 0 ? ids.list : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onInputKeyDown}
        />
      </div>
      <p
        id={ids.status}
        className="hint"
        aria-live="polite"
        // Progress changes many times a second: announce where the search ended, not each step.
        aria-busy={results.state === 'searching' || results.state === 'waiting'}
      >
        {status}
      </p>
      {rows.length > 0 && (
        <div
          ref={listRef}
          id={ids.list}
          className="search-results"
          role="listbox"
          aria-label="Search results"
          tabIndex={0}
          aria-activedescendant={activeRow?.optionId}
          onKeyDown={onListKeyDown}
        >
          {results.objects.map((object) => (
            <ResultGroupView
              key={object.id}
              object={object}
              listId={ids.list}
              query={results.query}
              activeIndex={activeRow?.object === object ? activeRow.index : -1}
              onChoose={choose}
            />
          ))}
        </div>
      )}
    </div>
  );
}

const ResultGroupView = memo(function ResultGroupView({
  object,
  listId,
  query,
  activeIndex,
  onChoose,
}: {
  object: ObjectMatch;
  listId: string;
  query: string;
  /** The active option's place among this object's matches; -1 when it is elsewhere. */
  activeIndex: number;
  onChoose: (optionId: string) => void;
}) {
  const type = shortTypeName(object.speckleType) || 'Object';
  const capped =
    object.total > object.matches.length
      ? `${object.matches.length} of ${object.total} matches shown`
      : null;
  return (
    <div
      role="group"
      // The header below, as one name: its parts would otherwise run together.
      aria-label={[type, object.name, object.id, capped && `(${capped})`].filter(Boolean).join(' ')}
      className="search-group"
    >
      <div className="search-object" aria-hidden="true">
        <span className="type" title={object.speckleType ?? undefined}>
          {type}
        </span>
        {object.name && (
          <>
            {' '}
            <span className="object-name">{object.name}</span>
          </>
        )}{' '}
        <code className="id">{object.id}</code>
        {capped && <span className="hint"> ({capped})</span>}
      </div>
      {object.matches.map((match, index) => {
        const id = optionId(listId, object.id, index);
        return (
          <div
            key={id}
            id={id}
            role="option"
            aria-selected={index === activeIndex}
            className={index === activeIndex ? 'search-option active' : 'search-option'}
            onClick={() => onChoose(id)}
          >
            <span className="search-field">{FIELD_LABELS[match.field]}</span>{' '}
            <code className="search-path">{toJavaScriptPath(match.path)}</code>{' '}
            <Highlighted text={match.excerpt} query={query} />
          </div>
        );
      })}
    </div>
  );
});

/** The text with every occurrence of the query in `<mark>`. */
function Highlighted({ text, query }: { text: string; query: string }) {
  const parts: Array<string | { mark: string }> = [];
  let at = 0;
  for (const { start, end } of matchRanges(text, query)) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push({ mark: text.slice(start, end) });
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return (
    <span className="search-excerpt">
      {parts.map((part, index) =>
        typeof part === 'string' ? part : <mark key={index}>{part.mark}</mark>,
      )}
    </span>
  );
}
