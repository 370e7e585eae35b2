import { useMemo } from 'react';
import { useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import {
  objectRoutePath,
  showingPath,
  shownObject,
  type Address,
  type ObjectLookup,
} from '../../routes/address';
import { useAddress } from '../../routes/useAddress';
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

/** `lookup`: the server's lookup that brought the result, or null for files (nothing to fetch). */
export function useObjectNavigation(rootId: string, lookup: ObjectLookup | null) {
  const location = useLocation();
  const address = useAddress();
  const navigate = useNavigate();
  // The same functions until the location changes, so that memoised views handed them (the shown
  // object's tree) do not draw again whenever the page does.
  return useMemo(
    () => objectNavigation(location, address, lookup, navigate, rootId),
    [location, address, lookup, navigate, rootId],
  );
}

export type ObjectNavigation = ReturnType<typeof objectNavigation>;

function objectNavigation(
  location: Location,
  address: Address,
  lookup: ObjectLookup | null,
  navigate: NavigateFunction,
  rootId: string,
) {
  const shownId = shownObject(address) ?? rootId;
  const state = (location.state ?? {}) as NavigationState;
  const trail = readTrail(state.trail, rootId, shownId);
  const reveal = Array.isArray(state.reveal) ? (state.reveal as Path) : null;
  const fetchApart = state.fetchApart === true;

  /** The URL that shows `id`: in this result, or from the single endpoint on a single page. */
  function hrefFor(id: string): string {
    if (lookup?.mode === 'single') return objectRoutePath({ ...lookup, objectId: id });
    return showingPath(location, id === rootId ? null : id);
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
      if (!lookup) return;
      const path = objectRoutePath({ ...lookup, objectId: id, mode: 'single' });
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
