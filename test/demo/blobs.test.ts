import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULTY_V3_FILE, STRAY_OBJECT, blobPath } from '../../demo/blobs.ts';
import { DEMO_TOKEN, PUBLIC_PROJECT_ID, V3_PROJECT_ID, V3_ROOT_IDS } from '../../demo/catalog.ts';
import { DEMO_LINKS } from '../../demo/history.ts';
import type { JsonObject } from '../../demo/jsonb.ts';
import { startDemoServer, type DemoServer } from '../../demo/server.ts';
import { v3Model } from '../../demo/v3Model.ts';
import { ModelCheck } from '../../src/features/doctor/core/modelCheck';
import { RULE_IDS } from '../../src/features/doctor/core/rules';
import { gunzipPartial, rawRequest, splitLines } from './http.ts';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(() => server.close());

const fileUrl = () => `${server.url}${blobPath(FAULTY_V3_FILE)}`;

/** The file's lines as id and JSON text; every line ends in a newline. */
async function fileLines(): Promise<{ id: string; raw: string }[]> {
  return splitLines(await (await fetch(fileUrl())).text());
}

describe('the faulty v3 office as a file', () => {
  it("is the project's text answer for the faulty root, byte for byte, and one line after it", async () => {
    const answer = await rawRequest(
      `${server.url}/objects/${V3_PROJECT_ID}/${V3_ROOT_IDS.faulty}`,
      {
        headers: { Accept: 'text/plain' },
      },
    );
    const served = gunzipPartial(answer.body);
    const file = await (await fetch(fileUrl())).text();

    expect(file.startsWith(served)).toBe(true);
    const extra = file.slice(served.length);
    expect(extra.split('\n')).toHaveLength(2);
    expect(extra.startsWith(`${String(STRAY_OBJECT.id)}\t`)).toBe(true);
  });

  it("holds the faulty model's objects and a stray one its root's __closure does not list", async () => {
    const faulty = v3Model(true);
    const lines = await fileLines();
    const ids = lines.map(({ id }) => id);
    const stray = String(STRAY_OBJECT.id);

    expect(ids[0]).toBe(faulty.rootId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...faulty.objects.keys(), stray].sort());
    for (const { id, raw } of lines) expect((JSON.parse(raw) as JsonObject).id, id).toBe(id);
    const closure = JSON.parse(lines[0]!.raw).__closure as JsonObject;
    expect(Object.keys(closure)).not.toContain(stray);
    // Held by the file alone: the project does not have it.
    const single = await rawRequest(`${server.url}/objects/${V3_PROJECT_ID}/${stray}/single`);
    expect(single.status).toBe(404);
  });

  it('brings the model doctor every rule the faulty office plants and the stray object, and nothing more', async () => {
    const doctor = new ModelCheck(V3_ROOT_IDS.faulty);
    for (const { id, raw } of await fileLines()) doctor.addText(id, raw);
    const { findings } = doctor.report();

    // Every rule but texts that are not JSON, which the file does not plant.
    expect(findings.map(({ rule }) => rule).sort()).toEqual(
      RULE_IDS.filter((rule) => rule !== 'object-not-json').sort(),
    );
    const outside = findings.find(({ rule }) => rule === 'not-in-closure');
    expect(outside?.items.map(({ id }) => id)).toEqual([STRAY_OBJECT.id]);
  });

  it('is linked beside the faulty v3 model, to download', () => {
    const link = DEMO_LINKS.find(({ file }) => file !== undefined);
    expect(link?.label).toBe('A v3 model with every model doctor fault');
    expect(link?.file).toEqual({
      label: 'Faulty v3 model as a file (download, then open it)',
      path: `/api/stream/${V3_PROJECT_ID}/blob/${FAULTY_V3_FILE.blobId}`,
    });
  });
});

describe('/api/stream/{projectId}/blob/{blobId}', () => {
  it("answers the file as an attachment named by its file name, as the server's blob storage does", async () => {
    const res = await rawRequest(fileUrl());

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="office-v3-with-faults.txt"',
    );
    expect(res.headers['access-control-allow-origin']).toBe('*');
    // Piped from storage: sent in chunks, with no length and no ETag.
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers.etag).toBeUndefined();
    expect(res.body.length).toBeGreaterThan(0);
  });

  it('matches route names in any case, ignores a trailing slash, and answers HEAD without a body', async () => {
    const path = `/API/Stream/${V3_PROJECT_ID}/BLOB/${FAULTY_V3_FILE.blobId}/`;
    const res = await rawRequest(`${server.url}${path}`, { method: 'HEAD' });

    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('office-v3-with-faults.txt');
    expect(res.body.length).toBe(0);
  });

  it('answers 404 with the error JSON for a blob the project does not keep', async () => {
    for (const [project, blob] of [
      [V3_PROJECT_ID, '3a0d0b00ff'],
      [PUBLIC_PROJECT_ID, FAULTY_V3_FILE.blobId],
    ] as const) {
      const res = await rawRequest(`${server.url}/api/stream/${project}/blob/${blob}`, {
        headers: { Authorization: `Bearer ${DEMO_TOKEN}` },
      });
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(res.body.toString())).toEqual({
        error: `The requested asset: ${blob} doesn't exist`,
      });
    }
  });

  it('refuses an unknown token, as the object endpoints do', async () => {
    const res = await rawRequest(fileUrl(), { headers: { Authorization: 'Bearer nope' } });

    expect(res.status).toBe(403);
  });

  it('is no route with a segment missing', async () => {
    const res = await rawRequest(`${server.url}/api/stream/${V3_PROJECT_ID}/blob`);

    expect(res.status).toBe(404);
    expect(res.body.toString()).toContain('Cannot GET');
  });
});
