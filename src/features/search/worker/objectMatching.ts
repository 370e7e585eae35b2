/**
 * What both searches (in memory, searchSession.ts, and on disk, spanSearch.ts) send the page, and
 * how each matches one object's text. The page gets compact records, an object's place in the set
 * and its number of matches, and asks for the matches themselves only for the rows it shows: a
 * million matching objects are a few MB of numbers, not a million excerpts.
 */
import { compileSearch, type FoundMatch, type ObjectSearch } from '../../../speckle/searchMatch';
import { parseSearchQuery, type MatchOptions } from '../../../speckle/searchQuery';

/** A query as typed, with the options it is matched with. */
export interface SearchSpec {
  query: string;
  options: MatchOptions;
}

/**
 * - `searching`: more objects to look at;
 * - `caught-up`: every object sent so far was searched; objects sent later will be too;
 * - `too-long`: matching one object took over `SLOW_OBJECT_MS` (a regular expression that
 *   backtracks): the search stopped there.
 */
export type SearchState = 'searching' | 'caught-up' | 'too-long';

/**
 * A regular expression that takes longer than this on one object is stopped; one that never
 * returns is stopped by the page, which ends the worker (useObjectSearch.ts).
 */
export const SLOW_OBJECT_MS = 2000;

export interface SearchUpdate {
  type: 'update';
  queryId: number;
  /** Objects found since the previous update of this query: their places in the set, in order. */
  objects: number[];
  /** And how many matches each holds. */
  counts: number[];
  /** Objects searched so far. */
  scanned: number;
  /** Objects the search holds. */
  available: number;
  state: SearchState;
}

/** The matches of one object, from `from` on, as the page asked for them. */
export interface SearchDetails {
  type: 'details';
  queryId: number;
  index: number;
  from: number;
  id: string;
  /** The object's own `speckle_type` and `name`, to label it in the list of results. */
  speckleType: string | null;
  name: string | null;
  matches: FoundMatch[];
}

/** Asks for the matches of the object at `index`, `limit` of them from `from`. */
export interface DetailsRequest {
  queryId: number;
  index: number;
  from: number;
  limit: number;
}

export interface SpecSearch {
  search: ObjectSearch;
  /** Whether the time per object is watched: only a regular expression can take unbounded time. */
  timed: boolean;
}

/** The spec compiled; null for an empty or unreadable query (the page says why). */
export function compileSpec(spec: SearchSpec | null): SpecSearch | null {
  if (!spec) return null;
  const parsed = parseSearchQuery(spec.query);
  if (!parsed.ok) return null;
  const compiled = compileSearch(parsed.query, spec.options);
  if (!compiled?.ok) return null;
  return { search: compiled.search, timed: spec.options.regex };
}

/** The matches in one object's text: 0 for one left unread (too large) or not valid JSON. */
export function countMatches(search: ObjectSearch, raw: string): number {
  if (raw === '' || !search.mayMatch(raw)) return 0;
  const parsed = parseOrNull(raw);
  return parsed === undefined ? 0 : search.count(parsed);
}

export function detailsOf(
  search: ObjectSearch,
  request: DetailsRequest,
  id: string,
  raw: string,
): SearchDetails {
  const parsed = raw === '' ? undefined : parseOrNull(raw);
  const { queryId, index, from, limit } = request;
  return {
    type: 'details',
    queryId,
    index,
    from,
    id,
    speckleType: ownString(parsed, 'speckle_type'),
    name: ownString(parsed, 'name'),
    matches: parsed === undefined ? [] : search.matches(parsed, from, limit),
  };
}

function parseOrNull(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function ownString(value: unknown, key: string): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : null;
}
