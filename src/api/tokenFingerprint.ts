/**
 * A short FNV-1a hash of the token for query keys: answers depend on who asks, so a new token must
 * not reuse an answer cached for the old one, yet the token itself must never sit in a key.
 */
export function tokenFingerprint(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
