import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { parseCompareRoute, type CompareRoute } from './compareRoute';

/** The comparison route the app is at, or null elsewhere. */
export function useCompareRoute(): CompareRoute | null {
  const { pathname, search } = useLocation();
  return useMemo(() => parseCompareRoute(pathname, search), [pathname, search]);
}
