/** What the saved-server store holds: plain data, shared by the store and the server choice. */

/** Where the store keeps servers (localStorage) and tokens (sessionStorage, or localStorage). */
export const SERVERS_KEY = 'speckle-explorer.servers.v1';
export const TOKENS_KEY = 'speckle-explorer.tokens.v1';

export interface SavedServer {
  id: string;
  name: string;
  /** The address as the user entered it. */
  url: string;
  /** The API base that answered last time, when it differs from what `url` gives. */
  workingBase: string | null;
  rememberToken: boolean;
  /** Objects and links worth opening, when whatever saved the server listed them. */
  examples?: ServerExamples;
  /** False when the server has no Speckle web app beside its API to open an object in. */
  webApp?: boolean;
}

/** An object of the server's, with what is known of it before it is loaded. */
export interface ExampleObject {
  projectId: string;
  projectName: string;
  objectId: string;
  label: string;
  /** How many objects Get with children brings, when known. */
  objectCount: number | null;
  /** About how long the server takes to build it the first time it is asked for, if it says. */
  prepareSeconds: number | null;
}

/** A link of one of the forms Speckle's web apps make, from the server's address on. */
export interface ExampleLink {
  label: string;
  path: string;
  /** A file the server keeps of what the link opens (a project's attachment), to download. */
  file?: ExampleFile;
}

/** A file to download and open, from the server's address on. */
export interface ExampleFile {
  label: string;
  path: string;
}

export interface ServerExamples {
  objects: readonly ExampleObject[];
  links: readonly ExampleLink[];
}

export interface ConnectionState {
  servers: readonly SavedServer[];
  selectedId: string | null;
  tokens: Readonly<Record<string, string>>;
}
