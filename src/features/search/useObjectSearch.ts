import { useCallback, useEffect, useRef, useState } from 'react';
import type { ObjectSet } from '../../objects/set/objectSet';
import { applyUpdate, NO_RESULTS, type ObjectSearchResults } from './searchResults';
import { connectSearch, type SearchConnection } from './searchConnection';

interface Connection extends SearchConnection {
  queryId: number;
  query: string;
}

/**
 * Searches every object of `set` off the main thread. The worker starts with the first query, not
 * before: an in-memory search holds a copy of the model's text, which a user who never searches
 * should not pay for. It lives while the result is shown, so later queries need not send the text
 * again. A body on disk is read again for each query, a span at a time (searchConnection.ts).
 */
export function useObjectSearch(set: ObjectSet, readable: number) {
  const [results, setResults] = useState<ObjectSearchResults>(NO_RESULTS);
  const connection = useRef<Connection | null>(null);

  useEffect(
    () => () => {
      connection.current?.close();
      connection.current = null;
    },
    [],
  );

  const start = useCallback(
    (query: string) => {
      if (query === '' && connection.current === null) {
        setResults(NO_RESULTS);
        return;
      }
      // The objects' texts, deferred by the loader until asked for, follow the first query.
      void set.wantBytes();
      // A body that went to disk since the last query is searched there.
      if (connection.current && connection.current.onDisk !== set.spilled) {
        connection.current.close();
        connection.current = null;
      }
      const live = (connection.current ??= connect(set, setResults));
      live.queryId += 1;
      live.query = query;
      live.search(live.queryId, query);
      setResults({
        ...NO_RESULTS,
        queryId: live.queryId,
        query,
        available: live.sent(),
        state: query === '' ? 'caught-up' : 'waiting',
      });
    },
    [set],
  );

  // Objects that arrive while a search is running are searched as well.
  useEffect(() => {
    const live = connection.current;
    if (live && live.onDisk !== set.spilled) start(live.query);
    else live?.more();
  }, [readable, set, start]);

  /** Searches for `query` unless it is what is searched; `again`: also if that was cancelled. */
  const search = useCallback(
    (query: string, again = false) => {
      if (query !== results.query || (again && results.state === 'cancelled')) start(query);
    },
    [start, results.query, results.state],
  );

  /** Stops the running search; what it found stays, marked as cut short. */
  const cancel = useCallback(() => {
    const live = connection.current;
    if (!live) return;
    // A query id of its own: the updates of the search stopped are dropped as they come.
    live.queryId += 1;
    live.search(live.queryId, '');
    setResults((current) =>
      current.state === 'stopped' ? current : { ...current, state: 'cancelled' },
    );
  }, []);

  return { results, search, cancel };
}

function connect(
  set: ObjectSet,
  setResults: (update: (results: ObjectSearchResults) => ObjectSearchResults) => void,
): Connection {
  const connection = connectSearch(
    set,
    (update) => setResults((results) => applyUpdate(results, update)),
    (error) => setResults((results) => ({ ...results, error })),
  );
  return Object.assign(connection, { queryId: 0, query: '' });
}
