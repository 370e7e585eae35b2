/**
 * Rewriting the address's query in place, for the views that keep their state there (the search,
 * the property table): a change is not a step for Back, and the history entry's state stays but
 * for the mark of a lookup request, as these views ask the server for nothing.
 *
 * Each rewrite starts from the one before it, not from the location the page last drew: two
 * rewrites before the router draws again (the search's, then the table's, in one busy moment)
 * would otherwise each start from the same old query, and the second would drop the first's.
 * The last rewrite is kept per app (AppProviders), never across apps.
 */
import { createContext, useCallback, useContext } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { withoutLookupRequest } from '../connection/useLookupServer';

/** The query last written, and the location (by its key) it was written from. */
export class LastRewrite {
  private last: { from: string; search: string } | null = null;

  /** The query written from the location of this key, if one was. */
  from(key: string): string | null {
    return this.last?.from === key ? this.last.search : null;
  }

  keep(from: string, search: string): void {
    this.last = { from, search };
  }
}

export const AddressRewrites = createContext<LastRewrite | null>(null);

/** `rewrite(change)`: the query `change` makes of the current one, written in place. */
export function useAddressRewrite() {
  const location = useLocation();
  const navigate = useNavigate();
  const last = useContext(AddressRewrites);
  return useCallback(
    (change: (search: string) => string) => {
      const current = last?.from(location.key) ?? location.search;
      const search = change(current);
      if (search === current) return;
      last?.keep(location.key, search);
      const to = { pathname: location.pathname, search, hash: location.hash };
      void navigate(to, { replace: true, state: withoutLookupRequest(location.state) });
    },
    [last, location, navigate],
  );
}
