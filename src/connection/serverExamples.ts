/**
 * A saved server's examples, read back from storage: whatever does not have their form is dropped,
 * as the rest of the saved servers are.
 */
import { isRecord } from '../bytes/jsonValues';
import type { ExampleLink, ExampleObject, SavedServer, ServerExamples } from './connectionState';

export function readServerExamples(value: unknown): ServerExamples | undefined {
  if (!isRecord(value) || !Array.isArray(value.objects) || !Array.isArray(value.links)) {
    return undefined;
  }
  return {
    objects: value.objects.flatMap(readExampleObject),
    links: value.links.flatMap((link: unknown): ExampleLink[] =>
      isRecord(link) && typeof link.label === 'string' && typeof link.path === 'string'
        ? [{ label: link.label, path: link.path }]
        : [],
    ),
  };
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
