import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router';
import { readSearchInput, writeSearchInput, type SearchInput } from './core/searchUrl';
import { useAddressRewrite } from '../../shared/addressRewrite';

/**
 * The search as the address holds it (core/searchUrl.ts), and a way to write it there, in place
 * (shared/addressRewrite.ts): each query is not a step for Back; the object shown and the trail of
 * objects followed stay as they are.
 */
export function useSearchAddress() {
  const { search } = useLocation();
  const rewrite = useAddressRewrite();
  const input = useMemo(() => readSearchInput(search), [search]);
  const write = useCallback(
    (next: SearchInput) => rewrite((current) => writeSearchInput(current, next)),
    [rewrite],
  );
  return { input, write };
}
