import { describe, expect, it } from 'vitest';
import { createCatalog, V3_PROJECT_ID, V3_ROOT_IDS } from '../../demo/catalog.ts';
import type { JsonObject } from '../../demo/jsonb.ts';
import { v3Model } from '../../demo/v3Model.ts';

const healthy = v3Model(false);
const faulty = v3Model(true);
const rootOf = (model: typeof healthy) => model.objects.get(model.rootId) as JsonObject;
const ofType = (model: typeof healthy, suffix: string) =>
  [...model.objects.values()].filter((object) => String(object.speckle_type).endsWith(suffix));

describe('the v3 demo model', () => {
  it('pins the root ids the two variants really have', () => {
    expect(
      { healthy: healthy.rootId, faulty: faulty.rootId },
      'paste these ids into V3_ROOT_IDS',
    ).toEqual(V3_ROOT_IDS);
  });

  it('is deterministic', () => {
    expect(JSON.stringify([...v3Model(true).objects])).toBe(JSON.stringify([...faulty.objects]));
  });

  it('keeps proxies at the root, as the v3 connectors write them', () => {
    const root = rootOf(healthy);
    expect(root.speckle_type).toBe('Speckle.Core.Models.Collection');
    for (const key of [
      'renderMaterialProxies',
      'colorProxies',
      'levelProxies',
      'groupProxies',
      'instanceDefinitionProxies',
    ]) {
      expect((root[key] as JsonObject[]).length, key).toBeGreaterThan(0);
    }
    expect(ofType(healthy, 'InstanceProxy').map((instance) => instance.definitionId)).toEqual([
      'definition-chair',
      'definition-chair',
    ]);
  });

  it('keeps display meshes with their arrays in DataChunks', () => {
    const meshes = ofType(healthy, 'Objects.Geometry.Mesh');
    expect(meshes.length).toBeGreaterThan(5);
    for (const mesh of meshes) {
      const [vertices] = mesh.vertices as JsonObject[];
      expect(healthy.objects.get(String(vertices?.referencedId))?.speckle_type).toBe(
        'Speckle.Core.Models.DataChunk',
      );
    }
  });

  it('lists in the faulty root closure one mesh the server does not have', () => {
    const closure = Object.keys(rootOf(faulty).__closure as JsonObject);
    expect(closure.filter((id) => !faulty.objects.has(id))).toHaveLength(1);
    const healthyClosure = Object.keys(rootOf(healthy).__closure as JsonObject);
    expect(healthyClosure.filter((id) => !healthy.objects.has(id))).toEqual([]);
  });

  it('is served by the v3 project, its stored objects only', async () => {
    const project = createCatalog().projects.find(({ id }) => id === V3_PROJECT_ID)!;
    const answer = await project.answer(V3_ROOT_IDS.faulty);
    const ids: string[] = [];
    for await (const record of answer?.records() ?? []) ids.push(record.id);
    expect(ids).toHaveLength(faulty.objects.size);
    expect(ids[0]).toBe(faulty.rootId);
  });
});
