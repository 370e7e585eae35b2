import { useCallback, useEffect, useRef, useState } from 'react';
import type { ObjectSet } from '../../store/objectSet';
import { isTextTooLarge } from '../../speckle/textLimit';
import { RecordFeeder } from '../../search/recordFeeder';
import { openSearchChannel, type SearchChannel } from '../../search/searchChannel';
import { applyUpdate, NO_RESULTS, type ObjectSearchResults } from './searchResults';

interface Connection {
  channel: SearchChannel;
  feeder: RecordFeeder;
  queryId: number;
}

/**
 * Searches every object of `set` off the main thread. The worker starts with the first query, not
 * before: it holds a copy of the model's text, which a user who never searches should not pay
 * for. It lives while the result is shown, so later queries need not send the text again.
 */
export function useObjectSearch(set: ObjectSet, readable: number) {
  const [results, setResults] = useState<ObjectSearchResults>(NO_RESULTS);
  const connection = useRef<Connection | null>(null);

  useEffect(
    () => () => {
      connection.current?.feeder.stop();
      connection.current?.channel.close();
      connection.current = null;
    },
    [],
  );

  // Objects that arrive while a search is running are sent to it as well.
  useEffect(() => connection.current?.feeder.pump(), [readable]);

  const search = useCallback(
    (query: string) => {
      if (query === results.query) return;
      if (query === '' && connection.current === null) {
        setResults(NO_RESULTS);
        return;
      }
      // The objects' texts, held back by the loader until asked for, follow the first query.
      void set.wantBytes();
      const live = (connection.current ??= connect(set, setResults));
      live.queryId += 1;
      live.channel.send({ type: 'search', queryId: live.queryId, query });
      live.feeder.pump();
      setResults({
        ...NO_RESULTS,
        queryId: live.queryId,
        query,
        available: live.feeder.sentCount,
        state: query === '' ? 'caught-up' : 'waiting',
      });
    },
    [set, results.query],
  );

  return { results, search };
}

function connect(
  set: ObjectSet,
  setResults: (update: (results: ObjectSearchResults) => ObjectSearchResults) => void,
): Connection {
  const channel = openSearchChannel(
    (update) => setResults((results) => applyUpdate(results, update)),
    (error) => setResults((results) => ({ ...results, error })),
  );
  const feeder = new RecordFeeder(
    {
      count: () => set.getProgress().readable,
      record: (index) => {
        const object = set.summaries.at(index)!;
        // Not read: the search's status says how many objects it leaves out.
        return { id: object.id, raw: isTextTooLarge(object.bytes) ? '' : object.raw };
      },
    },
    (records) => channel.send({ type: 'add', records }),
    (task) => setTimeout(task, 0),
  );
  return { channel, feeder, queryId: 0 };
}
