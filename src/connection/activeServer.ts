import { parseServerUrl } from '../speckle/serverUrl';
import type { ServerAccess } from '../api/client';
import type { ConnectionState, SavedServer } from './connectionState';

export type ActiveServer =
  | { ok: true; server: SavedServer; origin: string; base: string; access: ServerAccess }
  | { ok: false; server: SavedServer | null; problem: string };

/** A server a request can be sent to. */
export type UsableServer = Extract<ActiveServer, { ok: true }>;

/** The selected server as the API layer needs it: a parsed base address and its own token. */
export function activeServer(state: ConnectionState): ActiveServer {
  const server = state.servers.find((candidate) => candidate.id === state.selectedId) ?? null;
  return serverAccess(state, server);
}

/** The server an address's lookup asks: the saved one its `?server=` names, else the selected. */
export function lookupServer(state: ConnectionState, named: string | null): ActiveServer {
  return named ? serverForAddress(state, named) : activeServer(state);
}

/** The saved server a route's `?server=` names, whichever server is selected. */
export function serverForAddress(state: ConnectionState, address: string): ActiveServer {
  const wanted = baseOf(address);
  const server =
    state.servers.find(
      (candidate) =>
        wanted !== null && (baseOf(candidate.url) === wanted || candidate.workingBase === wanted),
    ) ?? null;
  return server
    ? serverAccess(state, server)
    : { ok: false, server: null, problem: `${address} is not a saved server yet.` };
}

export function baseOf(address: string): string | null {
  const parsed = parseServerUrl(address);
  return parsed.ok ? parsed.base : null;
}

function serverAccess(state: ConnectionState, server: SavedServer | null): ActiveServer {
  if (!server) return { ok: false, server, problem: 'Choose a server first.' };
  if (server.url.trim() === '') {
    return { ok: false, server, problem: 'Enter the server address under Connection first.' };
  }
  const parsed = parseServerUrl(server.url);
  if (!parsed.ok) return { ok: false, server, problem: parsed.error };
  const base = server.workingBase ?? parsed.base;
  return {
    ok: true,
    server,
    origin: parsed.origin,
    base,
    access: { base, token: (state.tokens[server.id] ?? '').trim() },
  };
}
