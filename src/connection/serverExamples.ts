/**
 * A saved server's examples, read back from storage: whatever does not have their form is dropped,
 * as the rest of the saved servers are.
 */
import { isRecord } from '../bytes/jsonValues';
import type {
  ExampleFile,
  ExampleLink,
  ExampleObject,
  SavedServer,
  ServerExamples,
} from './connectionState';

export function readServerExamples(value: unknown): ServerExamples | undefined {
  if (!isRecord(value) || !Array.isArray(value.objects) || !Array.isArray(value.links)) {
    return undefined;
  }
  return {
    objects: value.objects.flatMap(readExampleObject),
    links: value.links.flatMap((link: unknown): ExampleLink[] => {
      const read = readLabelled(link);
      if (!read || !isRecord(link)) return [];
      // A file that lacks its form is dropped; its link stays.
      const file = readLabelled(link.file);
      return [file ? { ...read, file } : read];
    }),
  };
}

function readLabelled(value: unknown): ExampleFile | null {
  return isRecord(value) && typeof value.label === 'string' && typeof value.path === 'string'
    ? { label: value.label, path: value.path }
    : null;
}

function readExampleObject(value: unknown): ExampleObject[] {
  if (
    !isRecord(value) ||
    typeof value.projectId !== 'string' ||
    typeof value.objectId !== 'string' ||
    typeof value.label !== 'string'
  ) {
    return [];
  }
  return [
    {
      projectId: value.projectId,
      projectName: typeof value.projectName === 'string' ? value.projectName : value.projectId,
      objectId: value.objectId,
      label: value.label,
      objectCount: positiveNumber(value.objectCount),
      prepareSeconds: positiveNumber(value.prepareSeconds),
    },
  ];
}

function positiveNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** What the server's examples say of one object; null for any other object or server. */
export function exampleOf(
  server: SavedServer | null,
  projectId: string,
  objectId: string,
): ExampleObject | null {
  return (
    server?.examples?.objects.find(
      (object) => object.projectId === projectId && object.objectId === objectId,
    ) ?? null
  );
}
