import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { parseObjectRoute, type ObjectRoute } from './objectRoute';

/** The object route the app is at, or null elsewhere: the one reading of the location. */
export function useObjectRoute(): ObjectRoute | null {
  const { pathname, search } = useLocation();
  return useMemo(() => parseObjectRoute(pathname, search), [pathname, search]);
}
