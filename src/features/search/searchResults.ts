/** The results of a search across objects as the page holds them, and how they are described. */
import { countOf, formatCount, pluralOf } from '../../speckle/counts';
import type { ObjectMatch } from '../../speckle/search';
import { TEXT_LIMIT } from '../../speckle/textLimit';
import type { SearchState, SearchUpdate } from './worker/searchSession';

export interface ObjectSearchResults {
  queryId: number;
  /** The query these results are for; empty when nothing is searched. */
  query: string;
  objects: ObjectMatch[];
  scanned: number;
  /** Objects the search had been given when it last reported. */
  available: number;
  /** `waiting` until the search has answered the query; `cancelled` once stopped by the user. */
  state: SearchState | 'waiting' | 'cancelled';
  error: string | null;
}

export const NO_RESULTS: ObjectSearchResults = {
  queryId: 0,
  query: '',
  objects: [],
  scanned: 0,
  available: 0,
  state: 'caught-up',
  error: null,
};

/** Adds an update to the results of its query; updates of an older query are dropped. */
export function applyUpdate(
  results: ObjectSearchResults,
  update: SearchUpdate,
): ObjectSearchResults {
  if (update.queryId !== results.queryId) return results;
  return {
    ...results,
    objects: update.found.length > 0 ? [...results.objects, ...update.found] : results.objects,
    scanned: update.scanned,
    available: update.available,
    state: update.state,
  };
}

interface SetProgress {
  /** Distinct objects the page holds. */
  received: number;
  loading: boolean;
  /** Of those, objects too large to read as text (speckle/textLimit.ts), which go unsearched. */
  tooLarge: number;
  /**
   * Of those, objects whose text the browser's storage did not keep (it filled during the load),
   * which go unsearched: the last ones received.
   */
  unkept?: number;
}

const count = formatCount;
const objects = (n: number) => countOf(n, 'object', 'objects');

/** Where the search stands, in words; empty when nothing is searched. */
export function searchStatusText(results: ObjectSearchResults, set: SetProgress): string {
  if (results.query === '') return '';
  const { tooLarge, unkept = 0 } = set;
  const unsearched =
    tooLarge === 0
      ? ''
      : ` Of these, ${objects(tooLarge)} over ${TEXT_LIMIT} ` +
        `${pluralOf(tooLarge, 'is', 'are')} left out: ${pluralOf(tooLarge, 'its', 'their')} text is ` +
        'not read.';
  const notKept =
    unkept === 0
      ? ''
      : ` The last ${objects(unkept)} received ${pluralOf(unkept, 'is', 'are')} left out: the ` +
        'browser’s storage did not keep their text.';
  return searchProgressText(results, set) + unsearched + notKept;
}

function searchProgressText(results: ObjectSearchResults, set: SetProgress): string {
  const { query, scanned, state } = results;
  // The results lag the box while typing pauses: say which query they answer.
  const quoted = `"${query}"`;
  const found = results.objects.length;
  const total = Math.max(results.available, set.received - (set.unkept ?? 0));
  let shown = 0;
  let matches = 0;
  for (const object of results.objects) {
    shown += object.matches.length;
    matches += object.total;
  }
  if (state === 'stopped') {
    return (
      `Showing ${count(shown)} of at least ${count(matches)} matches for ${quoted}, in the first ` +
      `${objects(found)} ` +
      `that match: the search stopped at object ${count(scanned)} of ${count(total)}. ` +
      'A longer query narrows it down.'
    );
  }
  const matching =
    found === 0
      ? 'no object matches'
      : `${objects(found)} ${pluralOf(found, 'matches', 'match')}, ` +
        (shown < matches
          ? `showing ${count(shown)} of ${count(matches)} matches`
          : countOf(matches, 'match', 'matches'));
  if (state === 'cancelled') {
    return `Cancelled: searched ${count(scanned)} of ${objects(total)} for ${quoted}; ${matching}.`;
  }
  if (state === 'waiting' || scanned < total) {
    return `Searched ${count(scanned)} of ${objects(total)} for ${quoted}; ${matching} so far…`;
  }
  if (set.loading) {
    return (
      `Searched the ${objects(scanned)} received so far for ${quoted}; ${matching}. ` +
      'The model is still loading: ' +
      'objects that arrive are searched too.'
    );
  }
  return `Searched all ${objects(scanned)} for ${quoted}: ${matching}.`;
}
