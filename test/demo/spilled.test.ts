import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildManifest,
  createCatalog,
  DemoProject,
  GENERATED_ROOT_IDS,
  PRIVATE_PROJECT_ID,
  PUBLIC_PROJECT_ID,
} from '../../demo/catalog.ts';
import type { ObjectAnswer } from '../../demo/objectAnswers.ts';
import { SPILL_ROOT, SpilledModel } from '../../demo/spilledModel.ts';
import { startDemoServer } from '../../demo/server.ts';
import { compressBody, type StreamRecord } from '../../demo/streamObjects.ts';
import { gunzipPartial, rawRequest } from './http.ts';

const dir = mkdtempSync(join(tmpdir(), 'speckle-spill-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The in-memory models the spilled ones are compared with, generated once for the whole file.
const memory = createCatalog().projects.find(({ id }) => id === PUBLIC_PROJECT_ID)!;
const GENERATING_TIMEOUT_MS = 60_000;

async function records(answer: ObjectAnswer | undefined): Promise<StreamRecord[]> {
  const taken: StreamRecord[] = [];
  for await (const record of answer?.records() ?? []) taken.push(record);
  return taken;
}

/** A project holding one generated model on disk, under `dir`. */
function spilledProject(seed: string, size: number) {
  const rootId = GENERATED_ROOT_IDS[seed] ?? '';
  const model = new SpilledModel({ seed, size }, rootId, join(dir, seed));
  return { rootId, model, project: new DemoProject('0123456789', seed, 'public', [], [model]) };
}

describe('a generated model kept on disk', () => {
  it.each([
    ['public-1000', 1_000],
    ['public-10000', 10_000],
  ])(
    'streams %s byte for byte like the model held in memory, root first, then by id',
    async (seed, size) => {
      const { rootId, project } = spilledProject(seed, size);
      const fromDisk = await project.answer(rootId);
      const fromMemory = await memory.answer(rootId);
      expect(fromDisk?.text).toBe(fromMemory?.text);
      const streamed = await records(fromDisk);
      expect(streamed).toHaveLength(size);
      expect(streamed).toEqual(await records(fromMemory));
    },
    GENERATING_TIMEOUT_MS,
  );

  it(
    'answers /single and with-children for every other object as the memory does',
    async () => {
      const { rootId, model, project } = spilledProject('public-1000', 1_000);
      // Whether or not another test built it first.
      await model.prepare();
      const ids = (await records(await memory.answer(rootId))).map(({ id }) => id);
      for (const id of ids.slice(1)) {
        const [fromDisk, fromMemory] = [await project.answer(id), await memory.answer(id)];
        expect(fromDisk?.text, id).toBe(fromMemory?.text);
        expect(await records(fromDisk), id).toEqual(await records(fromMemory));
      }
      expect(await project.answer(GENERATED_ROOT_IDS['public-100'] ?? '')).toBeUndefined();
      expect(await project.answer('not an id')).toBeUndefined();
    },
    GENERATING_TIMEOUT_MS,
  );

  it.each(['text', 'json'] as const)(
    'keeps its %s body gzipped in a file, equal to the stored in-memory body',
    async (mode) => {
      const { rootId, project } = spilledProject('public-1000', 1_000);
      const file = await (await project.answer(rootId))?.compressedFile?.(mode);
      const expected = await compressBody((await memory.answer(rootId))!.records(), mode);
      expect(gunzipSync(readFileSync(file!)).toString('utf8')).toBe(
        gunzipSync(expected).toString('utf8'),
      );
    },
    GENERATING_TIMEOUT_MS,
  );

  it(
    'is not built by a request for an id it might hold, only by one for its root',
    async () => {
      const { rootId, model, project } = spilledProject('public-100', 100);
      const memoryIds = (await records(await memory.answer(rootId))).map(({ id }) => id);
      expect(await project.answer(memoryIds[1] ?? '')).toBeUndefined();
      expect(model.isPrepared()).toBe(false);
      expect(project.has(rootId)).toBe(true);
      expect(model.isPrepared()).toBe(false);
      await project.answer(rootId);
      expect(model.isPrepared()).toBe(true);
      expect((await project.answer(memoryIds[1] ?? ''))?.id).toBe(memoryIds[1]);
    },
    GENERATING_TIMEOUT_MS,
  );

  it('refuses a build whose root id is not the pinned one, leaving nothing behind', async () => {
    const model = new SpilledModel({ seed: 'public-10', size: 10 }, 'f'.repeat(32), join(dir, 'x'));
    await expect(model.prepare()).rejects.toThrow(/now has root id c26e20c2/);
    expect(existsSync(join(dir, 'x'))).toBe(false);
    expect(existsSync(join(dir, `x.partial-${process.pid}`))).toBe(false);
  });
});

describe('the demo server, serving a model kept on disk', () => {
  it.each([false, true])(
    'sends its bodies and objects as the in-memory model’s (bodies stored gzipped: %s)',
    async (precompressed) => {
      const { rootId, project } = spilledProject('public-1000', 1_000);
      const catalog = { projects: [project], tokens: new Map() };
      const server = await startDemoServer({ prefix: '', catalog, precompressed });
      try {
        const expected = await records(await memory.answer(rootId));
        const url = `${server.url}/objects/${project.id}/${rootId}`;
        const lines = await rawRequest(url, { headers: { Accept: 'text/plain' } });
        const array = await rawRequest(url);
        expect(lines.headers['content-encoding']).toBe('gzip');
        expect(gunzipPartial(lines.body)).toBe(
          expected.map(({ id, text }) => `${id}\t${text}\n`).join(''),
        );
        expect(gunzipPartial(array.body)).toBe(`[${expected.map(({ text }) => text).join(',')}]`);
        const child = expected[500]!;
        const single = await rawRequest(`${url.replace(rootId, child.id)}/single`);
        expect(single.body.toString('utf8')).toBe((await memory.answer(child.id))?.text);
      } finally {
        await server.close();
      }
    },
    GENERATING_TIMEOUT_MS,
  );
});

describe('the 1,000,000-object model', () => {
  it('is listed in the private project without being built', () => {
    const manifest = buildManifest(createCatalog());
    const objects = manifest.projects.find(({ id }) => id === PRIVATE_PROJECT_ID)?.objects ?? [];
    const million = objects.find((object) => object.objectCount === 1_000_000);
    expect(million).toMatchObject({
      id: GENERATED_ROOT_IDS['private-1000000'],
      label: 'Generated building, 1,000,000 objects, private',
    });
    expect(SPILL_ROOT.startsWith(tmpdir())).toBe(true);
  });
});
