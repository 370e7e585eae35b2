import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  buildManifest,
  createCatalog,
  GENERATED_ROOT_IDS,
  LARGE_OBJECT_ID,
  OUTSIDE_REFERENCE_ROOT_ID,
  PRIVATE_PROJECT_ID,
  PUBLIC_PROJECT_ID,
} from '../../demo/catalog.ts';
import { generateBuilding } from '../../demo/generate.ts';
import { serializeJsonb } from '../../demo/jsonb.ts';
import { generateLargeMesh } from '../../demo/largeObject.ts';

// The seeds of the models generated so far (a spy's record would keep every model alive).
const generatedSeeds = vi.hoisted((): string[] => []);
vi.mock('../../demo/generate.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../demo/generate.ts')>();
  return {
    ...original,
    generateBuilding: (options: { seed: string; size: number }) => {
      generatedSeeds.push(options.seed);
      return original.generateBuilding(options);
    },
  };
});

// Generating every model of a project is seconds of CPU, more on a machine shared with other work.
const GENERATING_TIMEOUT_MS = 30_000;

describe('demo catalog', () => {
  it(
    'pins the root id each generated model really has',
    () => {
      const sizes: Record<string, number> = {
        'public-10': 10,
        'public-100': 100,
        'public-1000': 1000,
        'public-10000': 10_000,
        'private-1000': 1000,
      };
      const actual = Object.fromEntries(
        Object.entries(sizes).map(([seed, size]) => [
          seed,
          generateBuilding({ seed, size }).rootId,
        ]),
      );
      // 'private-100000' is checked by the heavy suite, which requests it (test/heavy).
      const pinned = Object.fromEntries(
        Object.keys(sizes).map((seed) => [seed, GENERATED_ROOT_IDS[seed]]),
      );
      expect(actual, 'paste these ids into GENERATED_ROOT_IDS').toEqual(pinned);
    },
    GENERATING_TIMEOUT_MS,
  );

  it(
    'streams the small public models byte for byte as before big models were kept on disk',
    async () => {
      const project = createCatalog().projects.find(({ id }) => id === PUBLIC_PROJECT_ID)!;
      const digests: Record<string, string> = {};
      for (const seed of ['public-10', 'public-100', 'public-1000']) {
        const digest = createHash('sha256');
        const answer = await project.answer(GENERATED_ROOT_IDS[seed] ?? '');
        for await (const { id, text } of answer?.records() ?? []) digest.update(`${id}\t${text}\n`);
        digests[seed] = digest.digest('hex');
      }
      // SHA-256 of the line-mode bodies the server sent at commit 1fd200f.
      expect(digests).toEqual({
        'public-10': '45b3b283cfb69f0673edcc79b4e1348294a79e2e36ef328bb50aca914e10c9a4',
        'public-100': 'd800945c3340b7e96596e8553f72088c8d37fbe3bc74c710a4bba3693638f487',
        'public-1000': 'f397914dcf0d7831dc137838ddab2f055016eb36a6c9c9bfec71a8ec3f2610ae',
      });
    },
    GENERATING_TIMEOUT_MS,
  );

  it('lists models without generating them, and loads only the model a root belongs to', () => {
    const catalog = createCatalog();
    generatedSeeds.length = 0;
    const manifest = buildManifest(catalog);
    expect(generatedSeeds).toEqual([]);
    const privateProject = catalog.projects.find((project) => project.id === PRIVATE_PROJECT_ID);
    const [small] = manifest.projects.find((p) => p.id === PRIVATE_PROJECT_ID)?.objects ?? [];
    const root = privateProject?.get(String(small?.id));
    expect(root?.id).toBe(small?.id);
    expect(generatedSeeds).toEqual(['private-1000']);
    // Only the 1,000-object model was built, so its descendants resolve at once.
    const descendants = privateProject?.descendants(root!) ?? [];
    expect(descendants).toHaveLength(999);
  });

  it(
    'offers every public root with the number of objects the stream returns',
    () => {
      const catalog = createCatalog();
      const manifest = buildManifest(catalog);
      const project = catalog.projects.find((candidate) => candidate.id === PUBLIC_PROJECT_ID);
      for (const entry of manifest.projects[0]?.objects ?? []) {
        const root = project?.get(entry.id);
        expect(root).toBeDefined();
        expect(1 + (project?.descendants(root!).length ?? 0)).toBe(entry.objectCount);
      }
    },
    GENERATING_TIMEOUT_MS,
  );

  it('holds a collection whose reference to the stored Revit floor is outside its closure', () => {
    const project = createCatalog().projects.find(({ id }) => id === PUBLIC_PROJECT_ID)!;
    const root = project.get(OUTSIDE_REFERENCE_ROOT_ID);
    expect(root?.id, 'paste this id into OUTSIDE_REFERENCE_ROOT_ID').toBe(
      OUTSIDE_REFERENCE_ROOT_ID,
    );
    const [sent, linked] = (root!.elements as Array<{ referencedId: string }>).map(
      ({ referencedId }) => referencedId,
    );
    // The with-children answer holds the closure's member only; the floor is served on its own.
    expect(project.descendants(root!)).toEqual([sent]);
    expect(project.get(linked!)?.speckle_type).toMatch(/RevitFloor$/);
  });

  it('holds one mesh of about 20 MB with its arrays inline, under its pinned id', () => {
    const mesh = generateLargeMesh();
    expect(mesh.id, 'paste this id into LARGE_OBJECT_ID').toBe(LARGE_OBJECT_ID);
    expect(mesh.__closure).toBeUndefined();
    const bytes = Buffer.byteLength(serializeJsonb(mesh, false));
    expect(bytes).toBeGreaterThan(19_000_000);
    expect(bytes).toBeLessThan(21_000_000);
  });
});
