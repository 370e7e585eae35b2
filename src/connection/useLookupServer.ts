/**
 * The server an address's lookup asks, taken when the lookup starts and kept while the connection
 * is edited.
 * Read live, every keystroke in Server URL or Access token made a new query key and so a new
 * request (`Bearer c`, `http://l/objects/…`), whose alert then took the focus from the field. A
 * lookup asked for again (another object, the form's buttons, an example link) takes the connection
 * as it is at that moment.
 */
import { useState } from 'react';
import { useLocation } from 'react-router';
import { lookupKey, type Address } from '../routes/address';
import { lookupServer, type ActiveServer } from './activeServer';
import { useConnectionState } from './useConnections';

/** History state of a navigation that asks for a lookup, as opposed to a move within a result. */
export const LOOKUP_REQUEST = { lookup: true } as const;

interface Pinned {
  lookup: string;
  request: string | null;
  server: ActiveServer;
}

export function useLookupServer(address: Address): ActiveServer {
  const location = useLocation();
  const state = useConnectionState();
  const live = lookupServer(state, address.server);
  const lookup = lookupKey(address);
  const request = lookupRequestOf(location);
  const [pinned, setPinned] = useState<Pinned>({ lookup, request, server: live });

  const asked = pinned.lookup !== lookup || (request !== null && request !== pinned.request);
  // A route's `?server=` that is not saved yet: the layout asks the user to add it and draws no
  // page until then, so this is only a guard.
  const arrived = pinned.server.server === null && live.server !== null;
  if (asked || arrived) {
    setPinned({ lookup, request, server: live });
    return live;
  }
  return pinned.server.server === null ? live : pinned.server;
}

/** The history entry's key when the user asked for this lookup there; null for any other move. */
export function lookupRequestOf({ state, key }: { state: unknown; key: string }): string | null {
  const asked =
    typeof state === 'object' && state !== null && 'lookup' in state && state.lookup === true;
  return asked ? key : null;
}

/**
 * A history entry's state for a move that is not a request for the lookup (the address rewritten
 * in place, as the search does): the same state without the request's mark. Kept, the mark would
 * make the rewritten entry a new request, and a broken result would be asked for again.
 */
export function withoutLookupRequest(state: unknown): unknown {
  if (typeof state !== 'object' || state === null || !('lookup' in state)) return state;
  const rest: Record<string, unknown> = { ...state };
  delete rest.lookup;
  return rest;
}
