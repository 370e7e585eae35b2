/** Whether a query can be searched for, and if not, the message that says where it is wrong. */
import { compileSearch } from '../../../speckle/searchMatch';
import { parseSearchQuery, queryErrorText } from '../../../speckle/searchQuery';
import type { SearchInput } from './searchUrl';

/** `at`: the place in the query the message is about. */
export type QueryCheck = { ok: true } | { ok: false; message: string; at: number };

export function readQuery({ query, options }: SearchInput): QueryCheck {
  const parsed = parseSearchQuery(query);
  if (!parsed.ok) return { ok: false, message: queryErrorText(parsed.error), at: parsed.error.at };
  const compiled = compileSearch(parsed.query, options);
  if (compiled && !compiled.ok) {
    return { ok: false, message: queryErrorText(compiled.error), at: compiled.error.at };
  }
  return { ok: true };
}
