// The dev and preview servers' setup of the explorer: the app knows only saved servers, so before
// it starts, a script from the demo server saves the demo in the app's list (selected, with its
// public token, the objects and links worth opening) unless a server is saved already. The Vite
// plugin puts the script into index.html in `vite` and `vite preview`; a build never holds it.
import { SERVERS_KEY, TOKENS_KEY, type ServerExamples } from '../src/connection/connectionState.ts';
import { V3_PROJECT_ID, type DemoManifest } from './catalog.ts';
import type { DemoLink } from './history.ts';

/** A server to save in the app's list, as the app keeps it. */
export interface ServerSeed {
  name: string;
  url: string;
  /** Filled in again whenever the saved server has none: only a public token belongs here. */
  token: string;
  examples?: ServerExamples;
  /** False for a server with no Speckle web app beside its API. */
  webApp?: boolean;
}

interface StorageAreas {
  local: Storage;
  session: Storage;
}

/**
 * Saves `seed` in the app's saved servers, selected, when none has an address yet (a first visit,
 * or after Forget all), replacing the untouched draft the app keeps; once saved, under any name,
 * it gets the seed's examples afresh and its token again if it has none. Servers the user saved
 * and chose stay as they are. Written the way the app's ConnectionStore reads it.
 *
 * The setup script is this function's own text, so it refers to nothing outside itself.
 */
export function saveServer(
  seed: ServerSeed,
  keys: { servers: string; tokens: string },
  storage: StorageAreas,
): void {
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  const read = (area: Storage, key: string): Record<string, unknown> => {
    try {
      const value: unknown = JSON.parse(area.getItem(key) ?? 'null');
      return isRecord(value) ? value : {};
    } catch {
      return {};
    }
  };
  const address = (value: unknown) => (typeof value === 'string' ? value.replace(/\/+$/, '') : '');
  const saved = read(storage.local, keys.servers);
  let servers: unknown[] = Array.isArray(saved.servers) ? saved.servers : [];
  let selectedId = saved.selectedId;
  let server = servers.filter(isRecord).find((entry) => address(entry.url) === address(seed.url));
  if (!server) {
    if (servers.some((entry) => isRecord(entry) && address(entry.url) !== '')) return;
    const sessionTokens = read(storage.session, keys.tokens);
    const localTokens = read(storage.local, keys.tokens);
    const touched = (entry: unknown) =>
      isRecord(entry) &&
      typeof entry.id === 'string' &&
      (entry.id in sessionTokens || entry.id in localTokens);
    server = {
      id: crypto.randomUUID(),
      name: seed.name,
      url: seed.url,
      workingBase: null,
      rememberToken: false,
    };
    servers = [...servers.filter(touched), server];
    selectedId = server.id;
  }
  const described = { ...server, examples: seed.examples, webApp: seed.webApp };
  servers = servers.map((entry) => (entry === server ? described : entry));
  storage.local.setItem(keys.servers, JSON.stringify({ servers, selectedId }));
  const area = server.rememberToken === true ? storage.local : storage.session;
  const tokens = read(area, keys.tokens);
  const id = String(server.id);
  if (seed.token !== '' && !tokens[id]) {
    area.setItem(keys.tokens, JSON.stringify({ ...tokens, [id]: seed.token }));
  }
}

/** The demo server as the app saves it: its public token, its listed objects and its links. */
export function demoServerSeed(
  manifest: DemoManifest,
  links: readonly DemoLink[],
): Omit<ServerSeed, 'url'> {
  // The v3 office is reached from the start page's links to its model: listed beside the lookup
  // form as well, it pushed the connection below the fold of a 900 px window.
  const listed = manifest.projects.filter((project) => project.id !== V3_PROJECT_ID);
  const objects = listed.flatMap((project) =>
    project.objects.map((object) => ({
      projectId: project.id,
      projectName: project.name,
      objectId: object.id,
      label: object.label,
      objectCount: object.objectCount,
      prepareSeconds: object.prepareSeconds ?? null,
    })),
  );
  return {
    name: manifest.name,
    token: manifest.token,
    examples: { objects, links: links.map(({ label, path, file }) => ({ label, path, file })) },
    // Its objects and links open in the explorer itself: it has no web app to open them in.
    webApp: false,
  };
}

/**
 * The script the page runs before the app: saves `seed` at `path` on the page's own origin. A
 * browser that keeps no storage (a private window's refusal) starts the app without it.
 */
export function setupScript(seed: Omit<ServerSeed, 'url'>, path: string): string {
  const args = [
    `Object.assign(${JSON.stringify(seed)}, { url: location.origin + ${JSON.stringify(path)} })`,
    JSON.stringify({ servers: SERVERS_KEY, tokens: TOKENS_KEY }),
    '{ local: localStorage, session: sessionStorage }',
  ];
  const call = `(${saveServer.toString()})(${args.join(', ')});`;
  return ['try {', call, '} catch {', '  // The app starts without it.', '}', ''].join('\n');
}
