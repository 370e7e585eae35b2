/** The results of a search across objects as the page holds them. */
import { DEFAULT_MATCH_OPTIONS } from '../../speckle/searchQuery';
import { FoundObjects } from './core/foundObjects';
import type { SearchFigures } from './core/searchStatus';
import type { SearchUpdate } from './worker/objectMatching';

export interface ObjectSearchResults extends SearchFigures {
  queryId: number;
  /** The objects found, filled as updates come (the figures say how far). */
  found: FoundObjects;
  error: string | null;
}

export const NO_RESULTS: ObjectSearchResults = {
  queryId: 0,
  query: '',
  options: DEFAULT_MATCH_OPTIONS,
  found: new FoundObjects(),
  objects: 0,
  matches: 0,
  scanned: 0,
  available: 0,
  state: 'caught-up',
  stalled: false,
  error: null,
};

/**
 * The figures after an update of the results' query, whose objects are in `found` already;
 * updates of an older query are dropped.
 */
export function applyUpdate(
  results: ObjectSearchResults,
  update: SearchUpdate,
): ObjectSearchResults {
  if (update.queryId !== results.queryId || results.state === 'cancelled') return results;
  return {
    ...results,
    objects: results.found.length,
    matches: results.found.matches,
    scanned: update.scanned,
    available: update.available,
    state: update.state,
  };
}

/** Whether the search is still at work on what it was given. */
export function isRunning(results: ObjectSearchResults): boolean {
  return results.query !== '' && (results.state === 'waiting' || results.state === 'searching');
}
