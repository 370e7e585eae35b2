/**
 * The built-in demo server describes itself at `/demo-server/demo.json` (see demo/server.ts). A
 * hosted build has no demo server: there the path answers 404 or the app's own index.html.
 */
import { isRecord } from '../bytes/jsonValues';

export const DEMO_SERVER_PATH = '/demo-server';

export interface DemoObject {
  projectId: string;
  projectName: string;
  objectId: string;
  label: string;
  /** How many objects Get with children brings, when the server says. */
  objectCount: number | null;
  /** About how long the server takes to build it the first time it is asked for, if it says. */
  prepareSeconds: number | null;
}

/** A link of one of the forms Speckle's web apps make, from the server's address on. */
export interface DemoLink {
  label: string;
  path: string;
}

export interface DemoManifest {
  token: string;
  objects: DemoObject[];
  links: DemoLink[];
}

export function parseDemoManifest(value: unknown): DemoManifest | null {
  if (!isRecord(value) || typeof value.token !== 'string' || !Array.isArray(value.projects)) {
    return null;
  }
  const objects: DemoObject[] = [];
  for (const project of value.projects) {
    if (!isRecord(project) || typeof project.id !== 'string' || !Array.isArray(project.objects)) {
      continue;
    }
    const projectName = typeof project.name === 'string' ? project.name : project.id;
    for (const object of project.objects) {
      if (isRecord(object) && typeof object.id === 'string' && typeof object.label === 'string') {
        objects.push({
          projectId: project.id,
          projectName,
          objectId: object.id,
          label: object.label,
          objectCount: positiveNumber(object.objectCount),
          prepareSeconds: positiveNumber(object.prepareSeconds),
        });
      }
    }
  }
  return { token: value.token, objects, links: demoLinks(value.links) };
}

function demoLinks(value: unknown): DemoLink[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((link: unknown) =>
    isRecord(link) && typeof link.label === 'string' && typeof link.path === 'string'
      ? [{ label: link.label, path: link.path }]
      : [],
  );
}

function positiveNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}
