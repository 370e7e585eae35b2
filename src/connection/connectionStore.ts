/**
 * Saved servers and their tokens. Server details live in localStorage; a token lives in
 * sessionStorage unless the user ticks "Remember token on this device", and only then in
 * localStorage. Everything read back is validated: storage written by an older version, or edited
 * by hand, must never crash the app, so anything unreadable is dropped.
 */
import { parseServerUrl } from '../speckle/serverUrl';
import { serverForAddress } from './activeServer';
import { SERVERS_KEY, TOKENS_KEY, type ConnectionState, type SavedServer } from './connectionState';
import { readServerExamples } from './serverExamples';
import { isRecord } from '../bytes/jsonValues';

export interface StorageAreas {
  local: Storage;
  session: Storage;
}

/** Names the app gives; a server with one of them is named after its host once it has a URL. */
const DRAFT_NAME = 'My server';
export const NEW_SERVER_NAME = 'New server';

export class ConnectionStore {
  private state: ConnectionState;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly storage: StorageAreas) {
    this.state = withServer(readState(storage));
  }

  /**
   * Another tab saved servers or forgot tokens: take its state, or this tab would keep a
   * forgotten token in memory and write it back on its next save.
   */
  watchOtherTabs(target: Window): () => void {
    const onStorage = (event: StorageEvent) => {
      if (event.storageArea !== this.storage.local) return;
      const saved = withServer(readState(this.storage));
      const selectedId = saved.servers.some((server) => server.id === this.state.selectedId)
        ? this.state.selectedId
        : saved.selectedId;
      this.state = { ...saved, selectedId };
      for (const listener of this.listeners) listener();
    };
    target.addEventListener('storage', onStorage);
    return () => target.removeEventListener('storage', onStorage);
  }

  getState = (): ConnectionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  selected(): SavedServer | null {
    return this.state.servers.find((server) => server.id === this.state.selectedId) ?? null;
  }

  tokenOf(id: string): string {
    return this.state.tokens[id] ?? '';
  }

  select(id: string): void {
    this.commit({ ...this.state, selectedId: id });
  }

  add(fields: Pick<SavedServer, 'name' | 'url'> & { token?: string }): string {
    const server = newServer(fields);
    const tokens = fields.token
      ? { ...this.state.tokens, [server.id]: fields.token }
      : this.state.tokens;
    this.commit({ servers: [...this.state.servers, server], selectedId: server.id, tokens });
    return server.id;
  }

  update(id: string, change: Partial<Pick<SavedServer, 'name' | 'url' | 'rememberToken'>>): void {
    const servers = this.state.servers.map((server) => {
      if (server.id !== id) return server;
      const urlChanged = change.url !== undefined && change.url !== server.url;
      const name =
        change.url !== undefined && change.name === undefined && hasAutomaticName(server)
          ? (hostOf(change.url) ?? NEW_SERVER_NAME)
          : (change.name ?? server.name);
      const next = {
        ...server,
        ...change,
        name,
        workingBase: urlChanged ? null : server.workingBase,
      };
      if (urlChanged) {
        // Its examples and web app were said of its address, not of the one now typed.
        delete next.examples;
        delete next.webApp;
      }
      return next;
    });
    this.commit({ ...this.state, servers });
  }

  rememberWorkingBase(id: string, base: string): void {
    const servers = this.state.servers.map((server) =>
      server.id === id ? { ...server, workingBase: base } : server,
    );
    this.commit({ ...this.state, servers });
  }

  setToken(id: string, token: string): void {
    this.commit({ ...this.state, tokens: { ...this.state.tokens, [id]: token } });
  }

  forgetToken(id: string): void {
    const tokens = { ...this.state.tokens };
    delete tokens[id];
    this.commit({ ...this.state, tokens });
  }

  /** Every server and every token, from both storage areas. */
  forgetAll(): void {
    const draft = newServer({ name: DRAFT_NAME, url: '' });
    this.commit({ servers: [draft], selectedId: draft.id, tokens: {} });
  }

  remove(id: string): void {
    const remaining = this.state.servers.filter((server) => server.id !== id);
    const servers = remaining.length > 0 ? remaining : [newServer({ name: DRAFT_NAME, url: '' })];
    const tokens = { ...this.state.tokens };
    delete tokens[id];
    const selectedId = servers.some((server) => server.id === this.state.selectedId)
      ? this.state.selectedId
      : (servers[0]?.id ?? null);
    this.commit({ servers, selectedId, tokens });
  }

  /** Finds the saved server for an address, comparing API bases, or saves a new one without token. */
  selectOrAddByAddress(address: string): string {
    const existing = serverForAddress(this.state, address).server;
    if (existing) {
      if (existing.id !== this.state.selectedId) this.select(existing.id);
      return existing.id;
    }
    return this.add({ name: hostOf(address) ?? address, url: address });
  }

  private commit(next: ConnectionState): void {
    this.state = next;
    writeState(this.storage, next);
    for (const listener of this.listeners) listener();
  }
}

/** There is always a server to edit, so the form never has to handle "none". */
function withServer(state: ConnectionState): ConnectionState {
  if (state.servers.length > 0) return state;
  const draft = newServer({ name: DRAFT_NAME, url: '' });
  return { ...state, servers: [draft], selectedId: draft.id };
}

function readState(storage: StorageAreas): ConnectionState {
  const saved = readJson(storage.local, SERVERS_KEY);
  const servers =
    isRecord(saved) && Array.isArray(saved.servers) ? saved.servers.flatMap(readServer) : [];
  const selectedId =
    isRecord(saved) && servers.some((server) => server.id === saved.selectedId)
      ? (saved.selectedId as string)
      : (servers[0]?.id ?? null);
  const remembered = readTokens(storage.local);
  const sessionOnly = readTokens(storage.session);
  const tokens: Record<string, string> = {};
  for (const server of servers) {
    const token = server.rememberToken ? remembered[server.id] : sessionOnly[server.id];
    if (token) tokens[server.id] = token;
  }
  return { servers, selectedId, tokens };
}

function writeState(storage: StorageAreas, state: ConnectionState): void {
  const remembered: Record<string, string> = {};
  const sessionOnly: Record<string, string> = {};
  for (const server of state.servers) {
    const token = state.tokens[server.id];
    if (!token) continue;
    if (server.rememberToken) remembered[server.id] = token;
    else sessionOnly[server.id] = token;
  }
  writeJson(storage.local, SERVERS_KEY, { servers: state.servers, selectedId: state.selectedId });
  writeJson(storage.local, TOKENS_KEY, remembered);
  writeJson(storage.session, TOKENS_KEY, sessionOnly);
}

function readTokens(area: Storage): Record<string, string> {
  const saved = readJson(area, TOKENS_KEY);
  if (!isRecord(saved)) return {};
  return Object.fromEntries(
    Object.entries(saved).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

function readJson(area: Storage, key: string): unknown {
  try {
    const text = area.getItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

function writeJson(area: Storage, key: string, value: unknown): void {
  try {
    area.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private browsing): the app keeps working for this page's life.
  }
}

function readServer(value: unknown): SavedServer[] {
  if (
    !isRecord(value) ||
    typeof value.id !== 'string' ||
    typeof value.name !== 'string' ||
    typeof value.url !== 'string' ||
    !(value.workingBase === null || typeof value.workingBase === 'string') ||
    typeof value.rememberToken !== 'boolean'
  ) {
    return [];
  }
  const examples = readServerExamples(value.examples);
  return [
    {
      id: value.id,
      name: value.name,
      url: value.url,
      workingBase: value.workingBase,
      rememberToken: value.rememberToken,
      ...(examples ? { examples } : {}),
      ...(value.webApp === false ? { webApp: false } : {}),
    },
  ];
}

function hostOf(address: string): string | null {
  const parsed = parseServerUrl(address);
  return parsed.ok ? new URL(parsed.origin).host : null;
}

/** Named by the app, not the user: a default name, or the host the app named it after. */
function hasAutomaticName(server: SavedServer): boolean {
  return (
    [DRAFT_NAME, NEW_SERVER_NAME, ''].includes(server.name) || server.name === hostOf(server.url)
  );
}

function newServer(fields: Pick<SavedServer, 'name' | 'url'>): SavedServer {
  return {
    id: crypto.randomUUID(),
    name: fields.name,
    url: fields.url,
    workingBase: null,
    rememberToken: false,
  };
}
