/**
 * The search's worker for one result, of the kind the set needs: the in-memory search, sent every
 * object's text (searchSession.ts), or for a body on disk the search that reads it a span at a
 * time (spanSearch.ts).
 */
import type { ObjectSet } from '../../objects/set/objectSet';
import { isTextTooLarge } from '../../speckle/textLimit';
import { RecordFeeder } from './worker/recordFeeder';
import { openSearchChannel } from './worker/searchChannel';
import { openDiskSearchChannel } from './worker/diskSearchChannel';
import type {
  DetailsRequest,
  SearchDetails,
  SearchSpec,
  SearchUpdate,
} from './worker/objectMatching';

export interface SearchConnection {
  /** Whether it reads the set's body on disk. */
  onDisk: boolean;
  /**
   * Starts searching for `spec`, dropping the search before; null just stops. Without `scan`, it
   * only answers `details` for objects found before (by a worker since ended).
   */
  search(queryId: number, spec: SearchSpec | null, scan?: boolean): void;
  /** Stops searching; `details` are still answered. */
  stop(queryId: number): void;
  /** Asks for the matches of one object found (the rows shown). */
  details(request: DetailsRequest): void;
  /** Objects arrived since. */
  more(): void;
  close(): void;
  /** Objects handed to the search so far: a search on disk reads them itself. */
  sent(): number;
}

export function connectSearch(
  set: ObjectSet,
  onUpdate: (message: SearchUpdate | SearchDetails) => void,
  onError: (message: string) => void,
): SearchConnection {
  const body = set.spilledBody();
  if (body) {
    const objects = () => ({
      // Those whose text is on disk: all received, unless the storage filled (ObjectSet).
      count: set.getProgress().readable,
      record: (index: number) => set.summaries.at(index)!,
    });
    const channel = openDiskSearchChannel(body, objects, onUpdate, onError);
    return {
      onDisk: true,
      ...channel,
      search: (queryId, spec, scan = true) => channel.search(queryId, spec, scan),
      sent: () => 0,
    };
  }
  const channel = openSearchChannel(onUpdate, onError);
  const feeder = new RecordFeeder(
    {
      // A body that goes to disk meanwhile is searched there (useObjectSearch): none is sent.
      count: () => (set.spilled ? 0 : set.getProgress().readable),
      record: (index) => {
        const object = set.summaries.at(index)!;
        // Not read: the search's status says how many objects it leaves out.
        return { id: object.id, raw: isTextTooLarge(object.bytes) ? '' : object.raw };
      },
    },
    (records) => channel.send({ type: 'add', records }),
    (task) => setTimeout(task, 0),
  );
  return {
    onDisk: false,
    search(queryId, spec, scan = true) {
      channel.send({ type: 'search', queryId, spec, scan });
      feeder.pump();
    },
    stop: (queryId) => channel.send({ type: 'stop', queryId }),
    details: (request) => channel.send({ type: 'details', ...request }),
    more: () => feeder.pump(),
    close() {
      feeder.stop();
      channel.close();
    },
    sent: () => feeder.sentCount,
  };
}
