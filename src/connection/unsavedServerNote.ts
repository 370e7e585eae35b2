/** What adding a server that a link names does, said before anything is sent to it. */
import type { ConnectionState } from './connectionState';

export function unsavedServerNote(address: string, state: ConnectionState): string {
  const selected = state.servers.find((server) => server.id === state.selectedId) ?? null;
  const tokenOwner =
    selected && (state.tokens[selected.id] ?? '').trim() !== '' ? selected.name : null;
  const token = tokenOwner
    ? `the access token of ${tokenOwner} is not sent to it`
    : 'no access token is sent to it';
  return `${address} is not one of your saved servers, so nothing has been sent to it. Adding it saves it without a token and asks it from then on: ${token}. Public projects open without one; enter a token of its own under Connection for private ones.`;
}
