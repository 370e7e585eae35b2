import { describe, expect, it } from 'vitest';
import {
  collectListedIds,
  demoToken,
  download,
  lookUp,
  openApp,
  openFromList,
  receivedObjects,
  renderedOptionIds,
  waitForCompleteCount,
  waitForObjectShown,
} from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import { expectSameBytes } from './support/bytes.ts';
import {
  demoBase,
  fetchRawBody,
  smallModelWithChildren,
  splitLines,
  thousandObjectModel,
} from './support/demo.ts';

describe('lookups', () => {
  const session = usePageSession();

  it('Get object shows the object and downloads exactly the /single body', async () => {
    const { page } = session;
    const { project, object } = await thousandObjectModel();
    await openApp(page);

    await lookUp(page, project.id, object.id, 'Get object');

    await waitForObjectShown(page, object.id);
    expect(new URL(page.url()).pathname).toBe(`/objects/${project.id}/${object.id}/single`);
    const file = await download(page, 'Download object JSON');
    expect(file.name).toMatch(/\.json$/);
    const expected = await fetchRawBody(project.id, object.id, 'single');
    expectSameBytes(file.bytes, expected, 'object JSON vs /single');
  });

  it('Get with children loads 1,000 objects, lists them all and downloads them byte for byte', async () => {
    const { page } = session;
    const { project, object } = await thousandObjectModel();
    const linesBody = await fetchRawBody(project.id, object.id, 'lines');
    const records = splitLines(linesBody);
    expect(records).toHaveLength(1000);
    expect(records[0]!.id).toBe(object.id);
    await openApp(page);

    await lookUp(page, project.id, object.id, 'Get with children');

    await waitForCompleteCount(page, 1000, 60_000);
    await waitForObjectShown(page, object.id);
    expect(new URL(page.url()).pathname).toBe(`/objects/${project.id}/${object.id}`);

    const rootFile = await download(page, 'Download object JSON');
    expectSameBytes(rootFile.bytes, records[0]!.raw, "root's object JSON vs its streamed text");

    const arrayFile = await download(page, 'Download all as JSON array');
    expect(arrayFile.name).toMatch(/\.json$/);
    const jsonBody = await fetchRawBody(project.id, object.id, 'json');
    expectSameBytes(arrayFile.bytes, jsonBody, 'JSON array vs the JSON-mode body');

    const linesFile = await download(page, 'Download server lines (id, tab, JSON)');
    expectSameBytes(linesFile.bytes, linesBody, 'JSON lines vs the text-mode body');

    const listed = await collectListedIds(page);
    expect(listed.size).toBe(1000);
    expect([...listed].sort()).toEqual(records.map((record) => record.id).sort());

    const childId = (await renderedOptionIds(page)).find((id) => id !== object.id);
    expect(childId).toBeDefined();
    await openFromList(page, childId!);
    await waitForObjectShown(page, childId!);
    const childFile = await download(page, 'Download object JSON');
    const childRaw = records.find((record) => record.id === childId)!.raw;
    expectSameBytes(childFile.bytes, childRaw, "child's object JSON vs its streamed text");
  });

  it("Get with children leaves no copy of the model in the browser's HTTP cache", async () => {
    const { page } = session;
    // Chromium logs each request the cache cannot answer.
    session.allowConsoleErrors(/ERR_CACHE_MISS/);
    const { project, object } = await thousandObjectModel();
    await openApp(page);

    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, 1000, 60_000);

    const url = `${demoBase()}/objects/${project.id}/${object.id}`;
    const token = await demoToken();
    /** The app's request made in the page with `cache`: its status and size, or 'not cached'. */
    const requestInPage = (cache: RequestCache) =>
      page.evaluate(
        async ({ url, token, cache }) => {
          const headers = { Accept: 'text/plain', Authorization: `Bearer ${token}` };
          try {
            // 'only-if-cached' answers from the cache alone, whatever the age of its copy, and
            // fails when there is none.
            const response = await fetch(url, { headers, cache, mode: 'same-origin' });
            return `${response.status}, ${(await response.arrayBuffer()).byteLength} bytes`;
          } catch {
            return 'not cached';
          }
        },
        { url, token, cache },
      );
    expect(await requestInPage('only-if-cached')).toBe('not cached');
    // The same request made with the browser's defaults is kept: the check above can see a copy.
    const bytes = (await fetchRawBody(project.id, object.id, 'lines')).length;
    expect(await requestInPage('default')).toBe(`200, ${bytes} bytes`);
    expect(await requestInPage('only-if-cached')).toBe(`200, ${bytes} bytes`);
  });

  it('opens the next object with the keyboard (ArrowDown, Enter) in "Received objects"', async () => {
    const { page } = session;
    const { project, object } = await smallModelWithChildren();
    await openApp(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, object.objectCount);
    const [first, second] = await renderedOptionIds(page);
    expect(first).toBe(object.id);

    await receivedObjects(page).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');

    await waitForObjectShown(page, second!);
  });
});
