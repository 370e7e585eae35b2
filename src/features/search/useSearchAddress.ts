import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readSearchInput, writeSearchInput, type SearchInput } from './core/searchUrl';
import { withoutLookupRequest } from '../../connection/useLookupServer';

/**
 * The search as the address holds it (core/searchUrl.ts), and a way to write it there. Written
 * in place of the current entry: each query is not a step for Back; the object shown and the
 * history entry's state (the trail of objects followed) stay as they are, but for the mark of a
 * lookup request: a search asks the server for nothing.
 */
export function useSearchAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  const input = useMemo(() => readSearchInput(location.search), [location.search]);
  const write = useCallback(
    (next: SearchInput) => {
      const search = writeSearchInput(location.search, next);
      if (search === location.search) return;
      const to = { pathname: location.pathname, search, hash: location.hash };
      void navigate(to, { replace: true, state: withoutLookupRequest(location.state) });
    },
    [location, navigate],
  );
  return { input, write };
}
