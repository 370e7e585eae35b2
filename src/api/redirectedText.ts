/** The words for a redirect a request carrying the token did not follow, REST and GraphQL alike. */
export function redirectedText(base: string, target: string | undefined): string {
  return target
    ? `${base} redirected the request to ${target}, and the token was not sent on. If you trust ${target}, enter it as the server address.`
    : `${base} redirected the request elsewhere, and the token was not sent on; the browser does not say where. Enter the server's final address, the one you open Speckle at, as the server address.`;
}
