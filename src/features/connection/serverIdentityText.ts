/** What "Who is this token?" says: the server and the token's account, or why it cannot say. */
import type { ServerIdentity } from '../links';
import { errorText } from '../../lib/errorText';

export function identityText({ server, user, userUnknownBecause }: ServerIdentity): string {
  const name = `Server “${server.name}”`;
  if (user) return `${name}, signed in as ${user.name}${user.email ? ` (${user.email})` : ''}.`;
  if (userUnknownBecause === 'no-profile-scope') {
    return `${name}; the token is read-only (no profile:read scope), so its account is not shown.`;
  }
  return `${name}; no token: public projects only.`;
}

/** The failure's own message is a whole sentence, often the server's refusal: said after ours. */
export function identityFailureText(error: unknown): string {
  return `Could not ask who this token is. ${errorText(error)}`;
}
