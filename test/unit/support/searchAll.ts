import type { LineRecord } from '../../../src/bytes/lines';
import { compileSearch } from '../../../src/speckle/searchMatch';
import {
  DEFAULT_MATCH_OPTIONS,
  parseSearchQuery,
  type MatchOptions,
} from '../../../src/speckle/searchQuery';

/**
 * The objects a query finds among `records` and how many matches each holds, from the pure
 * matcher, each object parsed: what the searches in slices and in spans must find.
 */
export function searchAll(
  records: readonly LineRecord[],
  query: string,
  options: Partial<MatchOptions> = {},
): Array<{ index: number; id: string; total: number }> {
  const parsed = parseSearchQuery(query);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const compiled = compileSearch(parsed.query, { ...DEFAULT_MATCH_OPTIONS, ...options });
  if (!compiled?.ok) throw new Error('not a query to search for');
  return records.flatMap(({ id, raw }, index) => {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return [];
    }
    const total = compiled.search.count(value);
    return total > 0 ? [{ index, id, total }] : [];
  });
}
