import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { type ObjectSet } from '../../objects/set/objectSet';
import { isLoading } from '../../objects/set/loadProgress';
import type { Path } from '../../speckle/paths';
import { searchStatusText } from './searchResults';
import { useLoadProgress } from '../../objects/set/useLoadProgress';
import { useObjectSearch } from './useObjectSearch';
import { SearchResultGroup } from './SearchResultGroup';
import { useResultsListbox } from './useResultsListbox';
import { SearchProgress } from './SearchProgress';

/** Typing pauses this long before a search starts, so that each keystroke does not start one. */
const DEBOUNCE_MS = 250;

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
  const { results, search, cancel } = useObjectSearch(set, progress.readable);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => search(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, search]);

  const listbox = useResultsListbox({
    objects: results.objects,
    queryId: results.queryId,
    listId: ids.list,
    inputRef,
    onOpen,
  });

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      search(text, true);
    } else if (event.key === 'Escape' && text !== '') {
      // Clears the search rather than cancelling the download (Escape anywhere else).
      event.stopPropagation();
      setText('');
    } else if (event.key === 'ArrowDown' && listbox.hasRows) {
      event.preventDefault();
      listRef.current?.focus();
    }
  }

  const loading = isLoading(progress);
  // Once the load ended, only a storage that filled leaves objects unreadable (ObjectSet).
  const unkept = loading ? 0 : received - progress.readable;
  const status = results.error
    ? `The search failed: ${results.error}`
    : searchStatusText(results, { received, loading, tooLarge: progress.tooLarge, unkept });
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
          aria-controls={listbox.hasRows ? ids.list : undefined}
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
      {progress.stored !== 'page' && (
        <SearchProgress
          results={results}
          total={Math.max(results.available, received - unkept)}
          loading={loading}
          onCancel={cancel}
        />
      )}
      {listbox.hasRows && (
        <div
          ref={listRef}
          id={ids.list}
          className="search-results"
          role="listbox"
          aria-label="Search results"
          tabIndex={0}
          aria-activedescendant={listbox.activeRow?.optionId}
          onKeyDown={listbox.onKeyDown}
          onClick={listbox.onClick}
        >
          {results.objects.map((object) => (
            <SearchResultGroup
              key={object.id}
              object={object}
              listId={ids.list}
              query={results.query}
              activeIndex={listbox.activeRow?.object === object ? listbox.activeRow.index : -1}
            />
          ))}
        </div>
      )}
    </div>
  );
}
