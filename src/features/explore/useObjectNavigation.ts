import { useMemo } from 'react';
import { useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { objectRoutePath, type ObjectRoute } from '../../routes/objectRoute';
import { useLookupRoute } from '../../routes/useObjectRoute';
import type { Path } from '../../speckle/paths';

/**
 * Which object of a result is shown, as browser history: `?object=<id>` names it (the root when
 * absent), and the history entry's state holds the trail of objects followed to reach it (for the
 * breadcrumb) and a path to reveal. Back and forward therefore retrace what was followed, and a
 * reload keeps the object though not the trail.
 */
interface NavigationState {
  trail?: unknown;
  reveal?: unknown;
  fetchApart?: unknown;
}

export const SHOWN_PARAM = 'object';

export function useObjectNavigation(rootId: string) {
  const location = useLocation();
  const route = useLookupRoute();
  const navigate = useNavigate();
  // The same functions until the location changes, so that memoised views handed them (the shown
  // object's tree) do not draw again whenever the page does.
  return useMemo(
    () => objectNavigation(location, route, navigate, rootId),
    [location, route, navigate, rootId],
  );
}

export type ObjectNavigation = ReturnType<typeof objectNavigation>;

function objectNavigation(
  location: Location,
  route: ObjectRoute | null,
  navigate: NavigateFunction,
  rootId: string,
) {
  const search = new URLSearchParams(location.search);
  const shownId = search.get(SHOWN_PARAM) ?? rootId;
  const state = (location.state ?? {}) as NavigationState;
  const trail = readTrail(state.trail, rootId, shownId);
  const reveal = Array.isArray(state.reveal) ? (state.reveal as Path) : null;
  const fetchApart = state.fetchApart === true;

  /** The URL that shows `id`: in this result, or from the single endpoint on a single page. */
  function hrefFor(id: string): string {
    if (route?.mode === 'single') return objectRoutePath({ ...route, objectId: id });
    const next = new URLSearchParams(location.search);
    if (id === rootId) next.delete(SHOWN_PARAM);
    else next.set(SHOWN_PARAM, id);
    const query = next.toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  }

  return {
    shownId,
    trail,
    reveal,
    /** Whether the shown object was followed before its load brought it: it is fetched apart. */
    fetchApart,
    hrefFor,
    /** Shows `id`; a reference followed extends the trail, a jump starts it again at the root. */
    open(id: string, how: { via: 'reference' | 'jump'; reveal?: Path; fetchApart?: boolean }) {
      const nextTrail =
        how.via === 'reference' ? [...trail, id] : id === rootId ? [rootId] : [rootId, id];
      const state = { trail: nextTrail, reveal: how.reveal, fetchApart: how.fetchApart };
      void navigate(hrefFor(id), { state });
    },
    /** Asks the single endpoint for an object that this result does not hold. */
    openSingle(id: string) {
      if (!route) return;
      const path = objectRoutePath({ ...route, objectId: id, mode: 'single' });
      void navigate(path, { state: { trail: [...trail, id] } });
    },
  };
}

/** The trail kept in history, if it still leads to the shown object; else the shortest one. */
function readTrail(saved: unknown, rootId: string, shownId: string): string[] {
  if (
    Array.isArray(saved) &&
    saved.length > 0 &&
    saved.every((id) => typeof id === 'string') &&
    saved.at(-1) === shownId
  ) {
    return saved as string[];
  }
  return shownId === rootId ? [rootId] : [rootId, shownId];
}
