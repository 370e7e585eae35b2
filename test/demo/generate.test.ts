import { describe, expect, it } from 'vitest';
import {
  FACES_CHUNK_SIZE,
  generateBuilding,
  MIN_BUILDING_SIZE,
  VERTICES_CHUNK_SIZE,
  type GeneratedModel,
} from '../../demo/generate.ts';
import { compareJsonbKeys, serializeJsonb, type JsonObject } from '../../demo/jsonb.ts';
import { responseFixture } from '../unit/support/speckleFixtures.ts';

function referencedIds(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) referencedIds(item, found);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (record.speckle_type === 'reference') found.push(String(record.referencedId));
    else for (const key of Object.keys(record)) referencedIds(record[key], found);
  }
  return found;
}

/** Minimum depth of every detached descendant, found by walking the references. */
function walkClosure(model: GeneratedModel, id: string): Map<string, number> {
  const depths = new Map<string, number>();
  let frontier = [id];
  for (let depth = 1; frontier.length > 0; depth += 1) {
    const next: string[] = [];
    for (const parent of frontier) {
      for (const child of referencedIds(model.objects.get(parent))) {
        if (depths.has(child)) continue;
        depths.set(child, depth);
        next.push(child);
      }
    }
    frontier = next;
  }
  return depths;
}

function inJsonbOrder(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(inJsonbOrder);
  if (value === null || typeof value !== 'object') return true;
  const keys = Object.keys(value);
  const record = value as Record<string, unknown>;
  return keys.every(
    (key, i) =>
      (i === 0 || compareJsonbKeys(keys[i - 1] as string, key) < 0) && inJsonbOrder(record[key]),
  );
}

const byType = (model: GeneratedModel, speckleType: string) =>
  [...model.objects.values()].filter((object) => object.speckle_type === speckleType);

// The keys of a parameter record in a real Revit floor, in the order the server stores them.
const realParameterKeys = Object.keys(
  (responseFixture('revit-floor.objects.json')[0]?.parsed.parameters as JsonObject)
    .IFC_GUID as JsonObject,
);

describe('generateBuilding', () => {
  const thousand = generateBuilding({ seed: 'test-1000', size: 1000 });

  it.each([MIN_BUILDING_SIZE, 10, 11, 12, 13, 17, 23, 31, 100, 257, 1000, 10_000])(
    'stores exactly %i objects, root included',
    (size) => {
      const model = generateBuilding({ seed: `count-${size}`, size });
      expect(model.objects.size).toBe(size);
      const root = model.objects.get(model.rootId) as JsonObject;
      expect(Object.keys(root.__closure as JsonObject)).toHaveLength(size - 1);
      expect(root.totalChildrenCount).toBe(size - 1);
    },
  );

  it('refuses sizes it cannot lay out', () => {
    expect(() => generateBuilding({ seed: 'x', size: MIN_BUILDING_SIZE - 1 })).toThrow(RangeError);
    expect(() => generateBuilding({ seed: 'x', size: 12.5 })).toThrow(RangeError);
  });

  it('is deterministic: same seed and size give the same bytes', () => {
    const again = generateBuilding({ seed: 'test-1000', size: 1000 });
    expect(again.rootId).toBe(thousand.rootId);
    expect([...again.objects.keys()]).toEqual([...thousand.objects.keys()]);
    for (const [id, object] of again.objects) {
      expect(serializeJsonb(object, true)).toBe(serializeJsonb(thousand.objects.get(id)!, true));
    }
    expect(generateBuilding({ seed: 'other', size: 1000 }).rootId).not.toBe(thousand.rootId);
  });

  it('gives every object a 32-hex id equal to its key, and resolves every reference', () => {
    for (const [id, object] of thousand.objects) {
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      expect(object.id).toBe(id);
      for (const child of referencedIds(object)) expect(thousand.objects.has(child)).toBe(true);
    }
  });

  it('writes a correct __closure (all depths, minimum depth) on every parent', () => {
    for (const [id, object] of thousand.objects) {
      const walked = walkClosure(thousand, id);
      if (walked.size === 0) {
        expect(object.__closure).toBeUndefined();
        continue;
      }
      expect(object.__closure).toEqual(Object.fromEntries(walked));
      expect(object.totalChildrenCount).toBe(walked.size);
    }
  });

  it('has children reachable at several depths, the closure keeping the smallest', () => {
    const root = thousand.objects.get(thousand.rootId) as JsonObject;
    const closure = root.__closure as Record<string, number>;
    expect(new Set(Object.values(closure))).toEqual(new Set([1, 2, 3, 4, 5]));
    // The box faces chunk is shared by wall meshes (depth 4) and hosted door meshes (depth 5).
    const sharedFaces = byType(thousand, 'Speckle.Core.Models.DataChunk').find((chunk) =>
      String(serializeJsonb(chunk.data as number[], false)).startsWith('[4,0,3,2,1'),
    );
    expect(sharedFaces && closure[String(sharedFaces.id)]).toBe(4);
  });

  it('reuses identical children, as content addressing does', () => {
    const parents = new Map<string, number>();
    for (const object of thousand.objects.values()) {
      for (const child of new Set(referencedIds(object))) {
        parents.set(child, (parents.get(child) ?? 0) + 1);
      }
    }
    expect(Math.max(...parents.values())).toBeGreaterThan(100);
  });

  it('chunks mesh arrays like Speckle: DataChunk references, 31,250 / 62,500 per chunk', () => {
    const meshes = byType(thousand, 'Objects.Geometry.Mesh');
    expect(meshes.length).toBeGreaterThan(100);
    let multiChunk = 0;
    for (const mesh of meshes) {
      for (const [property, limit] of [
        ['vertices', VERTICES_CHUNK_SIZE],
        ['faces', FACES_CHUNK_SIZE],
      ] as const) {
        const refs = mesh[property] as JsonObject[];
        expect(refs.length).toBeGreaterThan(0);
        const chunks = refs.map((ref) => thousand.objects.get(String(ref.referencedId))!);
        chunks.forEach((chunk, i) => {
          expect(chunk.speckle_type).toBe('Speckle.Core.Models.DataChunk');
          const size = (chunk.data as number[]).length;
          if (i < chunks.length - 1) expect(size).toBe(limit);
          else expect(size).toBeLessThanOrEqual(limit);
        });
        if (chunks.length > 1) multiChunk += 1;
      }
      expect(mesh.renderMaterial).toMatchObject({ speckle_type: 'Objects.Other.RenderMaterial' });
    }
    expect(multiChunk).toBeGreaterThanOrEqual(2);
  });

  it('shapes elements like Revit objects', () => {
    const walls = byType(
      thousand,
      'Objects.BuiltElements.Wall:Objects.BuiltElements.Revit.RevitWall',
    );
    expect(walls.length).toBeGreaterThan(10);
    for (const wall of walls) {
      expect(wall.applicationId).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[0-9a-f]{8}$/,
      );
      expect(wall.units).toBe('m');
      const parameters = Object.values(wall.parameters as JsonObject).filter(
        (value) => typeof value === 'object' && value !== null,
      ) as JsonObject[];
      expect(parameters.length).toBeGreaterThanOrEqual(17);
      for (const parameter of parameters) {
        expect(parameter).toMatchObject({ speckle_type: 'Objects.BuiltElements.Revit.Parameter' });
        expect(Object.keys(parameter)).toEqual(realParameterKeys);
      }
      expect((wall['@displayValue'] as JsonObject[]).length).toBeGreaterThan(0);
    }
    const types = new Set([...thousand.objects.values()].map((object) => object.speckle_type));
    for (const expected of [
      'Objects.BuiltElements.Floor:Objects.BuiltElements.Revit.RevitFloor',
      'Objects.BuiltElements.Column:Objects.BuiltElements.Revit.RevitColumn',
      'Objects.BuiltElements.Beam:Objects.BuiltElements.Revit.RevitBeam',
      'Objects.BuiltElements.Revit.FamilyInstance',
      'Speckle.Core.Models.Collection',
    ]) {
      expect(types).toContain(expected);
    }
    const root = thousand.objects.get(thousand.rootId) as JsonObject;
    expect(root).toMatchObject({
      speckle_type: 'Speckle.Core.Models.Collection',
      collectionType: 'model',
    });
  });

  it('weighs elements like real Revit ones: full parameter records, an IfcGUID each', () => {
    const elements = [...thousand.objects.values()].filter((object) => 'parameters' in object);
    const guids = elements.map(
      (element) => ((element.parameters as JsonObject).IFC_GUID as JsonObject).value,
    );
    expect(new Set(guids).size).toBe(elements.length);
    for (const guid of guids) expect(guid).toMatch(/^[0-9A-Za-z_$]{22}$/);
    const lengths = elements.map((element) => serializeJsonb(element, false).length);
    const average = lengths.reduce((sum, length) => sum + length, 0) / lengths.length;
    // The real fixture's Revit elements weigh 10–40 kB; the generated ones stay lighter.
    expect(average).toBeGreaterThan(7000);
    expect(average).toBeLessThan(12_000);
  });

  it('stores keys in jsonb order, so serializing takes the fast path', () => {
    for (const object of thousand.objects.values()) expect(inJsonbOrder(object)).toBe(true);
  });
});
