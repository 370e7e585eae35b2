/**
 * The request the app made, as a curl command to paste into a support ticket or a terminal. The
 * token stays out of it unless the user explicitly asks: the command names `$SPECKLE_TOKEN`, which
 * the reader sets in their own shell.
 */

export type EndpointMode = 'single' | 'children';

interface EndpointAddress {
  /** The API base that answered: the server's origin, possibly followed by a path such as `/api`. */
  base: string;
  projectId: string;
  objectId: string;
  mode: EndpointMode;
}

interface CurlRequest extends EndpointAddress {
  /** Put the real token in the command instead of `$SPECKLE_TOKEN`. */
  includeToken: boolean;
  /** The token the app sent; empty or absent when it sent none (a public project). */
  token?: string;
}

/** `{base}/objects/{projectId}/{objectId}[/single]`, as src/api/client.ts requests it. */
export function endpointUrl({ base, projectId, objectId, mode }: EndpointAddress): string {
  const path = `/objects/${encodeURIComponent(projectId)}/${encodeURIComponent(objectId)}`;
  return `${base.replace(/\/+$/, '')}${path}${mode === 'single' ? '/single' : ''}`;
}

/** One line for a POSIX shell (bash, zsh, Git Bash, WSL). */
export function curlCommand(request: CurlRequest): string {
  const words = ['curl', '--compressed'];
  const token = request.token?.trim() ?? '';
  if (token !== '') {
    words.push(
      '-H',
      request.includeToken
        ? shellQuote(`Authorization: Bearer ${token}`)
        : // Double quotes: the shell fills in the variable.
          '"Authorization: Bearer $SPECKLE_TOKEN"',
    );
  }
  // The with-children request asks for the line format; any other Accept value gets a JSON array.
  if (request.mode === 'children') words.push('-H', shellQuote('Accept: text/plain'));
  words.push(shellQuote(endpointUrl(request)));
  return words.join(' ');
}

/** Single quotes keep every character literal; a quote inside is closed, escaped and reopened. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
