/**
 * A value shaped like a Speckle personal access token (42 hex characters), built when the tests
 * run: no token, real or made up, is written in the repository's code.
 */
export function fakeSpeckleToken(seed: string): string {
  const hex = [...seed].map((character) => character.charCodeAt(0).toString(16)).join('');
  return hex.repeat(Math.ceil(42 / hex.length)).slice(0, 42);
}
