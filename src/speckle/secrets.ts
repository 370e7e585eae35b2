/**
 * Secrets a server may send back: some proxies echo the request's headers into an error page, so
 * any text of a server's that the app shows or copies (error details, reports) goes through here.
 * A Speckle personal access token is a 10-character id and a 32-character secret, both hex
 * (speckle-server's createBareToken): 42 hex characters, which no object id (32) matches.
 */
const SPECKLE_TOKEN = /\b[0-9a-f]{42}\b/gi;
const BEARER_VALUE = /\b(Bearer)\s+[^\s"',;]+/gi;

export const HIDDEN_SECRET = '[hidden]';

export function withoutSecrets(text: string): string {
  return text.replace(BEARER_VALUE, `$1 ${HIDDEN_SECRET}`).replace(SPECKLE_TOKEN, HIDDEN_SECRET);
}
