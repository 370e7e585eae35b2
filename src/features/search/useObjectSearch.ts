import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ObjectSet } from '../../objects/set/objectSet';
import { applyUpdate, isRunning, NO_RESULTS, type ObjectSearchResults } from './searchResults';
import { connectSearch, type SearchConnection } from './searchConnection';
import { FoundObjects } from './core/foundObjects';
import { MatchDetails, type ShownMatch } from './core/matchDetails';
import type { SearchInput } from './core/searchUrl';
import { SLOW_OBJECT_MS, type SearchDetails, type SearchUpdate } from './worker/objectMatching';

interface Connection extends SearchConnection {
  queryId: number;
  input: SearchInput | null;
  found: FoundObjects;
}

/**
 * A regular expression can backtrack for minutes inside one call, which no check in the worker
 * interrupts: a search that says nothing for this long is taken to be stuck, and its worker is
 * ended (a search reports every few tens of milliseconds while it works).
 */
const STALL_MS = 2 * SLOW_OBJECT_MS;

/**
 * Searches every object of `set` off the main thread. The worker starts with the first query, not
 * before: an in-memory search holds a copy of the model's text, which a user who never searches
 * should not pay for. It lives while the result is shown, so later queries need not send the text
 * again. A body on disk is read again for each query, a span at a time (searchConnection.ts).
 * `input` is a query the page has read without error (core of speckle/searchQuery.ts).
 */
export function useObjectSearch(set: ObjectSet, readable: number) {
  const [results, setResults] = useState<ObjectSearchResults>(NO_RESULTS);
  const [details, setDetails] = useState(() => new MatchDetails(0));
  const [, detailsCame] = useReducer((count: number) => count + 1, 0);
  const connection = useRef<Connection | null>(null);

  const close = useCallback(() => {
    connection.current?.close();
    connection.current = null;
  }, []);
  useEffect(() => close, [close]);

  const openConnection = useCallback(() => {
    connection.current = connect(set, setResults, (message) => {
      setDetails((current) => {
        current.put(message);
        return current;
      });
      detailsCame();
    });
  }, [set]);

  const start = useCallback(
    (input: SearchInput) => {
      if (input.query === '' && connection.current === null) {
        setResults(NO_RESULTS);
        return;
      }
      // The objects' texts, deferred by the loader until asked for, follow the first query.
      void set.wantBytes();
      // A body that went to disk since the last query is searched there.
      if (connection.current && connection.current.onDisk !== set.spilled) close();
      if (!connection.current) openConnection();
      const live = connection.current!;
      live.queryId += 1;
      live.input = input;
      live.found = new FoundObjects();
      const searched = input.query === '' ? null : input;
      live.search(live.queryId, searched);
      setDetails(new MatchDetails(live.queryId));
      setResults({
        ...NO_RESULTS,
        ...input,
        queryId: live.queryId,
        found: live.found,
        available: live.sent(),
        state: searched ? 'waiting' : 'caught-up',
      });
    },
    [set, close, openConnection],
  );

  // Objects that arrive while a search is running are searched as well.
  useEffect(() => {
    const live = connection.current;
    if (live?.input && live.onDisk !== set.spilled) start(live.input);
    else live?.more();
  }, [readable, set, start]);

  /**
   * Ends a worker caught in a regular expression (no message reaches it), and starts another
   * that only answers for the matches of the objects found until then: the list goes on showing
   * them. The next query is searched by that worker.
   */
  const endWorker = useCallback(() => {
    const stuck = connection.current;
    if (!stuck) return;
    close();
    if (!stuck.input) return;
    openConnection();
    const live = connection.current!;
    Object.assign(live, { queryId: stuck.queryId, input: stuck.input, found: stuck.found });
    live.search(live.queryId, stuck.input, false);
    // What was asked of the worker ended is asked again of this one.
    setDetails(new MatchDetails(live.queryId));
  }, [close, openConnection]);

  const stalled = results.options.regex && isRunning(results);
  useEffect(() => {
    if (!stalled) return;
    const timer = setTimeout(() => {
      endWorker();
      setResults((current) => ({ ...current, state: 'too-long', stalled: true }));
    }, STALL_MS);
    return () => clearTimeout(timer);
  }, [stalled, results.scanned, endWorker]);

  /** Stops the running search; what it found stays, marked as cut short. */
  const cancel = useCallback(() => {
    const live = connection.current;
    if (!live) return;
    if (live.input?.options.regex) endWorker();
    else live.stop(live.queryId);
    setResults((current) => ({ ...current, state: 'cancelled' }));
  }, [endWorker]);

  /** Asks for the matches of the rows `[start, end)` of all matches that have not come. */
  const want = useCallback(
    (start: number, end: number) => {
      const live = connection.current;
      if (!live || live.queryId !== details.queryId) return;
      for (let row = start; row < end; row += 1) {
        const at = live.found.row(row);
        const request = at && details.want(at.index, at.match);
        if (request) live.details(request);
      }
    },
    [details],
  );

  /** Calls `then` with the row's match, at once or once it comes. */
  const reach = useCallback(
    (row: number, then: (shown: ShownMatch) => void) => {
      const live = connection.current;
      const at = live?.found.row(row);
      if (!live || !at || live.queryId !== details.queryId) return;
      details.whenCome(at.index, at.match, then);
      const request = details.want(at.index, at.match);
      if (request) live.details(request);
    },
    [details],
  );

  return { results, details, start, cancel, want, reach };
}

function connect(
  set: ObjectSet,
  setResults: (update: (results: ObjectSearchResults) => ObjectSearchResults) => void,
  onDetails: (message: SearchDetails) => void,
): Connection {
  const live: Connection = Object.assign(
    connectSearch(
      set,
      (message: SearchUpdate | SearchDetails) => {
        if (message.queryId !== live.queryId) return;
        if (message.type === 'details') return onDetails(message);
        // Added here, once, not in the state's updater, which React may call twice.
        live.found.add(message.objects, message.counts);
        setResults((results) => applyUpdate(results, message));
      },
      (error) => setResults((results) => ({ ...results, error })),
    ),
    { queryId: 0, input: null, found: new FoundObjects() },
  );
  return live;
}
