// Real and generated Speckle objects as the explorer holds them: `{id, raw}` records (raw text as a
// server sends it) with the parsed object beside, and lookups over them.
import { generateBuilding } from '../../../demo/generate.ts';
import { serializeJsonb, type JsonObject } from '../../../demo/jsonb.ts';
import type { LineRecord } from '../../../src/bytes/lines';
import { readRealFixture } from './realFixtures';

export interface FixtureObject extends LineRecord {
  parsed: Record<string, unknown>;
}

function fixtureText(name: string): string {
  // The Revit root was saved with a byte order mark, which JSON.parse rejects.
  return readRealFixture(name)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

function fromParsed(objects: readonly JsonObject[], rootId: string): FixtureObject[] {
  return objects.map((parsed) => {
    const id = String(parsed.id);
    // The server's forms: the root compact, children in the database's spaced text.
    return { id, raw: serializeJsonb(parsed, id !== rootId), parsed };
  });
}

/** A with-children response file (a JSON array, root first). */
export function responseFixture(
  name: 'revit-floor.objects.json' | 'blender-cube.objects.json',
): FixtureObject[] {
  const objects = JSON.parse(fixtureText(name)) as JsonObject[];
  return fromParsed(objects, String(objects[0]?.id));
}

/** The 103 objects of the database dump, each line's text exactly as stored. */
export function brepFixture(): FixtureObject[] {
  return fixtureText('brep-meshes.store.tsv')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const tab = line.indexOf('\t');
      const raw = line.slice(tab + 1);
      return { id: line.slice(0, tab), raw, parsed: JSON.parse(raw) as Record<string, unknown> };
    });
}

/** The Revit model root as the single endpoint sent it; none of its 8,873 descendants. */
export function revitModelRoot(): FixtureObject {
  const raw = fixtureText('revit-model-root.single.json');
  const parsed = JSON.parse(raw) as Record<string, unknown>;
  return { id: String(parsed.id), raw, parsed };
}

/** A generated building of `size` objects, root first, the rest by id as the server orders them. */
export function generatedFixture(size: number, seed = 'unit'): FixtureObject[] {
  const { rootId, objects } = generateBuilding({ seed, size });
  const root = objects.get(rootId) as JsonObject;
  const children = [...objects.values()]
    .filter((object) => object !== root)
    .sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1));
  return fromParsed([root, ...children], rootId);
}

export function lookupOf(objects: readonly FixtureObject[]): (id: string) => unknown {
  const byId = new Map(objects.map((object) => [object.id, object.parsed]));
  return (id) => byId.get(id);
}
