import { createContext, useContext, useMemo } from 'react';
import { useLocation } from 'react-router';
import { parseObjectRoute, type ObjectRoute } from './objectRoute';

/** The object route the app is at, or null elsewhere: the one reading of the location. */
export function useObjectRoute(): ObjectRoute | null {
  const { pathname, search } = useLocation();
  return useMemo(() => parseObjectRoute(pathname, search), [pathname, search]);
}

/**
 * The lookup a result shows, where its address is not an object route: a Speckle link to one root
 * (`/projects/{p}/models/{m}@{v}`) names the root only once GraphQL has resolved it.
 */
export const LookupRouteContext = createContext<ObjectRoute | null>(null);

/** The lookup the result shows: the one its page gives, else the object route's. */
export function useLookupRoute(): ObjectRoute | null {
  const given = useContext(LookupRouteContext);
  const atAddress = useObjectRoute();
  return given ?? atAddress;
}
