import { useEffect, useEffectEvent, useId, useRef, useState, type KeyboardEvent } from 'react';
import { type ObjectSet } from '../../objects/set/objectSet';
import { isLoading } from '../../objects/set/loadProgress';
import type { Path } from '../../speckle/paths';
import { useLoadProgress } from '../../objects/set/useLoadProgress';
import { searchStatusText } from './core/searchStatus';
import { sameInput, type SearchInput } from './core/searchUrl';
import { readQuery } from './core/queryCheck';
import { useObjectSearch } from './useObjectSearch';
import { useSearchAddress } from './useSearchAddress';
import { SearchOptions } from './SearchOptions';
import { SearchResultList } from './SearchResultList';
import { SearchProgress } from './SearchProgress';

/** Typing pauses this long before a search starts, so that each keystroke does not start one. */
const DEBOUNCE_MS = 250;

/**
 * Search across every loaded object: free text in ids, types, names, keys and values, and field
 * terms (speckle/searchQuery.ts), with options. The query and options live in the address, so a
 * link reproduces the search. Every match is a row of the results listbox, which draws only the
 * rows in view; Enter and Shift+Enter in the box step through them, opening each.
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
  const ids = { input: useId(), status: useId(), list: useId(), error: useId() };
  const address = useSearchAddress();
  const [draft, setDraft] = useState<SearchInput>(address.input);
  // Back and Forward, or a link followed, bring another search: the box takes it. The address
  // this search wrote is not taken back: it can reach a render after the box has moved on.
  const [addressSeen, setAddressSeen] = useState(address.input);
  const [written, setWritten] = useState(address.input);
  if (!sameInput(addressSeen, address.input)) {
    setAddressSeen(address.input);
    if (!sameInput(written, address.input)) {
      setWritten(address.input);
      setDraft(address.input);
    }
  }
  const { results, details, start, cancel, want, reach } = useObjectSearch(set, progress.readable);
  const [active, setActive] = useState({ queryId: 0, row: 0 });
  const activeRow = active.queryId === results.queryId ? active.row : 0;
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const checked = readQuery(draft);
  const { write } = address;

  // A search cancelled or stopped is run again by Enter, not by itself.
  const current = sameInput(draft, results);
  const stopped = results.state === 'cancelled' || results.state === 'too-long';
  function run(input: SearchInput) {
    setWritten(input);
    write(input);
    start(input);
  }
  const runDraft = useEffectEvent(() => run(draft));
  useEffect(() => {
    if (!checked.ok || current) return;
    const timer = setTimeout(runDraft, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, checked.ok, current]);

  // A row stepped to before its match came (Enter a step ahead of the list) opens when it comes.
  function openRow(row: number) {
    setActive({ queryId: results.queryId, row });
    reach(row, (shown) => onOpen(shown.id, shown.match.path));
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (!checked.ok) return;
      if (!current || stopped) run(draft);
      else if (results.matches > 0) {
        const step = event.shiftKey ? -1 : 1;
        const from = active.queryId === results.queryId ? activeRow : event.shiftKey ? 0 : -1;
        openRow((((from + step) % results.matches) + results.matches) % results.matches);
      }
    } else if (event.key === 'Escape' && draft.query !== '') {
      // Clears the search rather than cancelling the download (Escape anywhere else).
      event.stopPropagation();
      setDraft({ ...draft, query: '' });
    } else if (event.key === 'ArrowDown' && results.matches > 0) {
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
  const running = results.state === 'searching' || results.state === 'waiting';
  return (
    <div className="object-search" role="search" aria-label="Search across objects">
      <div className="field">
        <label htmlFor={ids.input}>Search all objects</label>
        <input
          id={ids.input}
          ref={inputRef}
          type="search"
          placeholder="Text, or fields: speckle_type:Wall height>3.5 parameters.FIRE_RATING:*"
          value={draft.query}
          aria-describedby={ids.status}
          aria-errormessage={checked.ok ? undefined : ids.error}
          aria-invalid={!checked.ok}
          aria-controls={results.matches > 0 ? ids.list : undefined}
          aria-keyshortcuts="Enter Shift+Enter"
          onChange={(event) => setDraft({ ...draft, query: event.target.value })}
          onKeyDown={onInputKeyDown}
        />
      </div>
      <SearchOptions
        options={draft.options}
        onChange={(options) => setDraft({ ...draft, options })}
      />
      {!checked.ok && (
        <p id={ids.error} className="error-text search-error" role="alert">
          {checked.message}{' '}
          <code className="query-error" aria-hidden="true">
            {draft.query.slice(0, checked.at)}
            <mark>{draft.query[checked.at] ?? ' '}</mark>
            {draft.query.slice(checked.at + 1)}
          </code>
        </p>
      )}
      <p
        id={ids.status}
        className="hint"
        aria-live="polite"
        // Progress changes many times a second: announce where the search ended, not each step.
        aria-busy={running}
      >
        {status}
      </p>
      <SearchProgress
        results={results}
        total={Math.max(results.available, received - unkept)}
        loading={loading}
        onCancel={cancel}
      />
      {results.matches > 0 && (
        <SearchResultList
          results={results}
          details={details}
          want={want}
          listId={ids.list}
          active={activeRow}
          onActive={(row) => setActive({ queryId: results.queryId, row })}
          onOpen={openRow}
          listRef={listRef}
          inputRef={inputRef}
        />
      )}
    </div>
  );
}
