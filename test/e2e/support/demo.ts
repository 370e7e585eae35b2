import { expect, inject } from 'vitest';
import { DEMO_PATH_PREFIX, PRIVATE_PROJECT_ID, PUBLIC_PROJECT_ID } from '../../../demo/catalog.ts';

export interface DemoObject {
  id: string;
  label: string;
  speckleType: string;
  objectCount: number;
  prepareSeconds?: number;
}

export interface DemoProject {
  id: string;
  name: string;
  visibility: 'public' | 'private';
  objects: DemoObject[];
}

export interface DemoManifest {
  name: string;
  token: string;
  publicOnlyToken: string;
  projects: DemoProject[];
}

export type DemoFault =
  | { status: 429 | 500 | 502 | 503 | 504; times: number }
  | { dropAfter: number }
  /** The next with-children stream stops after this many objects, held open until faults clear. */
  | { holdAfter: number }
  | { delayMs: number }
  | { answerDelayMs: number }
  | { malformedAfter: number }
  | { cutTextAfter: number }
  /** After this many objects the next with-children body never ends: new objects forever. */
  | { endlessAfter: number }
  /** After this many objects the next with-children body sends one line that never ends. */
  | { endlessLineAfter: number };

export interface DemoTarget {
  project: DemoProject;
  object: DemoObject;
}

/** This worker's preview server: files running side by side each have their own demo server. */
export function appUrl(): string {
  const urls = inject('appUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[(worker - 1) % urls.length];
  if (!url) throw new Error(`e2e: no preview server for worker ${worker} of ${urls.length}`);
  return url;
}

/** The demo "Server URL" as the app shows it: the demo server is mounted on the app's own origin. */
export function demoBase(): string {
  return `${appUrl()}${DEMO_PATH_PREFIX}`;
}

let manifestPromise: Promise<DemoManifest> | undefined;

export function getManifest(): Promise<DemoManifest> {
  manifestPromise ??= (async () => {
    const res = await fetch(`${demoBase()}/demo.json`);
    if (!res.ok) throw new Error(`demo.json answered ${res.status}`);
    return (await res.json()) as DemoManifest;
  })();
  return manifestPromise;
}

export async function findDemoObject(
  describe: string,
  predicate: (object: DemoObject, project: DemoProject) => boolean,
): Promise<DemoTarget> {
  const manifest = await getManifest();
  for (const project of manifest.projects) {
    const object = project.objects.find((candidate) => predicate(candidate, project));
    if (object) return { project, object };
  }
  throw new Error(`The demo manifest has no ${describe}: ${JSON.stringify(manifest, null, 1)}`);
}

/** The generated 1,000-object model (root included) of the public project. */
export function thousandObjectModel(): Promise<DemoTarget> {
  return findDemoObject(
    'public object with objectCount 1000',
    (object, project) => project.id === PUBLIC_PROJECT_ID && object.objectCount === 1000,
  );
}

/** The generated 10,000-object model (root included) of the public project. */
export function tenThousandObjectModel(): Promise<DemoTarget> {
  return findDemoObject(
    'public object with objectCount 10000',
    (object, project) => project.visibility === 'public' && object.objectCount === 10_000,
  );
}

/** A small model with children in the public project, for quick with-children runs. */
export function smallModelWithChildren(): Promise<DemoTarget> {
  return findDemoObject(
    'public object with 2 to 500 objects',
    (object, project) =>
      project.id === PUBLIC_PROJECT_ID && object.objectCount > 1 && object.objectCount <= 500,
  );
}

/** The real Revit floor (13 objects): detached display meshes with chunked arrays, parameters. */
export function revitFloor(): Promise<DemoTarget> {
  return findDemoObject('the real Revit floor', (object) => object.label.startsWith('Revit floor'));
}

export async function demoProject(visibility: DemoProject['visibility']): Promise<DemoProject> {
  const id = visibility === 'public' ? PUBLIC_PROJECT_ID : PRIVATE_PROJECT_ID;
  const project = (await getManifest()).projects.find((p) => p.id === id);
  if (!project) throw new Error(`The demo manifest has no ${visibility} project ${id}`);
  expect(project.visibility).toBe(visibility);
  return project;
}

export async function setFault(fault: DemoFault): Promise<void> {
  const res = await fetch(`${demoBase()}/__faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(fault),
  });
  if (res.status !== 204) throw new Error(`POST __faults answered ${res.status}`);
}

export async function clearFaults(): Promise<void> {
  const res = await fetch(`${demoBase()}/__faults`, { method: 'DELETE' });
  if (res.status !== 204) throw new Error(`DELETE __faults answered ${res.status}`);
}

export type RawMode = 'single' | 'json' | 'lines';

/**
 * The server's body as bytes after gzip decoding (Node's fetch undoes Content-Encoding), read with
 * the demo token: the reference a downloaded file must equal byte for byte.
 */
export async function fetchRawBody(
  projectId: string,
  objectId: string,
  mode: RawMode,
): Promise<Buffer> {
  const { token } = await getManifest();
  const path = `${demoBase()}/objects/${projectId}/${objectId}${mode === 'single' ? '/single' : ''}`;
  const res = await fetch(path, {
    headers: {
      Authorization: `Bearer ${token}`,
      Accept: mode === 'lines' ? 'text/plain' : 'application/json',
    },
  });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

export interface RawLine {
  id: string;
  raw: string;
}

/** Splits a text-mode body into its records (split at the first tab, as the spec says). */
export function splitLines(body: Buffer): RawLine[] {
  const text = body.toString('utf8');
  if (!text.endsWith('\n')) throw new Error('text-mode body does not end with a newline');
  return text
    .slice(0, -1)
    .split('\n')
    .map((line) => {
      const tab = line.indexOf('\t');
      return { id: line.slice(0, tab), raw: line.slice(tab + 1) };
    });
}
