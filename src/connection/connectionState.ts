/** What the saved-server store holds: plain data, shared by the store and the server choice. */
export interface SavedServer {
  id: string;
  name: string;
  /** The address as the user entered it. */
  url: string;
  /** The API base that answered last time, when it differs from what `url` gives. */
  workingBase: string | null;
  rememberToken: boolean;
  isDemo: boolean;
}

export interface ConnectionState {
  servers: readonly SavedServer[];
  selectedId: string | null;
  tokens: Readonly<Record<string, string>>;
}
