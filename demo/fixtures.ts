// Loads the real Speckle data in test/fixtures/speckle-real (see its NOTICE.md) as stored objects.
import { readFileSync } from 'node:fs';
import type { JsonObject } from './jsonb.ts';

export interface FixtureRoot {
  id: string;
  label: string;
  /** The value the server's `totalChildrenCount` column held when the fixture was recorded. */
  storedChildrenCount: number | null;
}

export interface RealFixtures {
  objects: Map<string, JsonObject>;
  roots: FixtureRoot[];
}

const FIXTURE_DIR = new URL('../test/fixtures/speckle-real/', import.meta.url);

function readFixture(name: string): string {
  // The Revit root was saved with a UTF-8 byte order mark; JSON.parse rejects it.
  return readFileSync(new URL(name, FIXTURE_DIR), 'utf8').replace(/^\uFEFF/, '');
}

function childrenCount(object: JsonObject): number | null {
  const count = object.totalChildrenCount;
  return typeof count === 'number' ? count : null;
}

function objectAt(objects: readonly JsonObject[], index: number, file: string): JsonObject {
  const object = objects[index];
  if (!object) throw new Error(`${file} holds no object at ${index}`);
  return object;
}

/** Every object of the four real data sets, and the roots worth offering in the manifest. */
export function loadRealFixtures(): RealFixtures {
  const objects = new Map<string, JsonObject>();
  const roots: FixtureRoot[] = [];
  const add = (object: JsonObject) => objects.set(String(object.id), object);

  const responses = [
    ['revit-floor.objects.json', 'Revit floor (real data)'],
    ['blender-cube.objects.json', 'Blender cube (real data)'],
  ] as const;
  for (const [file, label] of responses) {
    const list = JSON.parse(readFixture(file)) as JsonObject[];
    list.forEach(add);
    const root = objectAt(list, 0, file);
    roots.push({ id: String(root.id), label, storedChildrenCount: childrenCount(root) });
  }

  const modelRoot = JSON.parse(readFixture('revit-model-root.single.json')) as JsonObject;
  add(modelRoot);
  roots.push({
    id: String(modelRoot.id),
    label: 'Revit model root, children not stored (real data)',
    storedChildrenCount: childrenCount(modelRoot),
  });

  let firstBrep: JsonObject | undefined;
  for (const line of readFixture('brep-meshes.store.tsv').split('\n')) {
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    const object = JSON.parse(line.slice(tab + 1)) as JsonObject;
    add(object);
    if (!firstBrep && object.speckle_type === 'Objects.Geometry.Brep') firstBrep = object;
  }
  if (firstBrep) {
    roots.push({
      id: String(firstBrep.id),
      label: 'Brep with descendants missing from the database (real data)',
      storedChildrenCount: null,
    });
  }
  return { objects, roots };
}
