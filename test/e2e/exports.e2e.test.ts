import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  download,
  lookUp,
  openApp,
  waitForCompleteCount,
  waitForObjectShown,
} from './support/app.ts';
import { usePageSession, VIEWPORT } from './support/browser.ts';
import { savedThroughPicker, stubSavePicker } from './support/savePicker.ts';
import { expectSameBytes } from './support/bytes.ts';
import { recompose, recomposeValue } from '../../src/speckle/recompose.ts';
import {
  appUrl,
  fetchRawBody,
  revitFloor,
  smallModelWithChildren,
  splitLines,
} from './support/demo.ts';

describe('exports', () => {
  const session = usePageSession();

  async function loadModel(page: Page) {
    const target = await smallModelWithChildren();
    await openApp(page);
    await lookUp(page, target.project.id, target.object.id, 'Get with children');
    await waitForCompleteCount(page, target.object.objectCount);
    await waitForObjectShown(page, target.object.id);
    return target;
  }

  it('writes the JSON array through the save dialog, byte for byte, when the browser has one', async () => {
    const { page } = session;
    const { project, object } = await loadModel(page);
    await stubSavePicker(page);

    await page.getByRole('button', { name: 'Download all as JSON array', exact: true }).click();

    const file = await savedThroughPicker(page);
    expect(file.name).toMatch(new RegExp(`_${project.id}_${object.id}_objects\\.json$`));
    expectSameBytes(
      file.bytes,
      await fetchRawBody(project.id, object.id, 'json'),
      'picker JSON array',
    );
    await expect.poll(() => page.getByText(/^Saved [0-9]/).count()).toBe(1);
  });

  it('downloads instead when the browser refuses its save dialog without showing it', async () => {
    // Headless Chromium has the save dialog API, and refuses it at once with the AbortError a
    // user's cancel gives: this context keeps the API, which the session's pages go without.
    const context = await session.context.browser()!.newContext({
      baseURL: appUrl(),
      acceptDownloads: true,
      viewport: VIEWPORT,
    });
    try {
      const page = await context.newPage();
      const { project, object } = await loadModel(page);
      expect(await page.evaluate(() => 'showSaveFilePicker' in window)).toBe(true);

      const file = await download(page, 'Download all as JSON array');

      expect(file.name).toMatch(new RegExp(`_${project.id}_${object.id}_objects\\.json$`));
      expectSameBytes(file.bytes, await fetchRawBody(project.id, object.id, 'json'), 'JSON array');
      expect(await page.getByText(/download was cancelled/i).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('downloads NDJSON and the id list as documented transformations of the server text', async () => {
    const { page } = session;
    const { project, object } = await loadModel(page);
    const lines = splitLines(await fetchRawBody(project.id, object.id, 'lines'));
    const unique = lines.filter(
      (line, index) => lines.findIndex((other) => other.id === line.id) === index,
    );

    const ndjson = await download(page, 'Download NDJSON (one object per line)');
    expect(ndjson.name).toMatch(/_objects\.ndjson$/);
    expectSameBytes(ndjson.bytes, unique.map(({ raw }) => `${raw}\n`).join(''), 'NDJSON');
    for (const line of ndjson.bytes.toString('utf8').trimEnd().split('\n')) JSON.parse(line);

    const ids = await download(page, 'Download object ids');
    expect(ids.name).toMatch(/_ids\.txt$/);
    expectSameBytes(ids.bytes, unique.map(({ id }) => `${id}\n`).join(''), 'ids');
  });

  it('downloads the shown object pretty-printed with 2-space indents', async () => {
    const { page } = session;
    const { project, object } = await loadModel(page);
    const single = (await fetchRawBody(project.id, object.id, 'lines')).toString('utf8');
    const rootText = single.slice(single.indexOf('\t') + 1, single.indexOf('\n'));

    const pretty = await download(page, 'Download pretty-printed object JSON');

    expect(pretty.name).toMatch(/_object-pretty\.json$/);
    expectSameBytes(pretty.bytes, JSON.stringify(JSON.parse(rootText), null, 2), 'pretty object');
  });

  it('downloads the selected value as received, the recomposed object and the recomposed value', async () => {
    const { page } = session;
    const { project, object } = await revitFloor();
    const lines = splitLines(await fetchRawBody(project.id, object.id, 'lines'));
    const parsed = new Map(lines.map(({ id, raw }) => [id, JSON.parse(raw) as unknown]));
    await openApp(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, lines.length);

    const tree = page.getByRole('tree', { name: `Properties of ${object.id}` });
    await tree.getByRole('treeitem', { name: /^level:/ }).click();
    const value = await download(page, 'Download selected value JSON');
    expect(value.name).toMatch(/_value-level\.json$/);
    const level = (parsed.get(object.id) as { level: unknown }).level;
    expectSameBytes(value.bytes, JSON.stringify(level, null, 2), 'selected value');

    const recomposed = await download(page, 'Download recomposed object JSON');
    expect(recomposed.name).toMatch(/_recomposed\.json$/);
    const expected = recompose(object.id, (id) => parsed.get(id)).value;
    expectSameBytes(recomposed.bytes, JSON.stringify(expected), 'recomposed object');
    // Every reference was resolved: the floor's closure arrived whole.
    expect(recomposed.bytes.toString('utf8')).not.toContain('referencedId');

    // In the recomposed view the selected value is saved as the view shows it.
    await page.getByRole('checkbox', { name: 'Recomposed view' }).check();
    await tree.getByRole('treeitem', { name: /^displayValue:/ }).click();
    const shown = await download(page, 'Download recomposed value JSON');
    expect(shown.name).toMatch(/_value-recomposed-displayValue\.json$/);
    const displayValue = (parsed.get(object.id) as { displayValue: unknown }).displayValue;
    const lookup = (id: string) => parsed.get(id);
    const meshes = recomposeValue(displayValue, lookup, { ancestors: [object.id] }).value;
    expectSameBytes(shown.bytes, JSON.stringify(meshes, null, 2), 'recomposed value');
    expect(shown.bytes.toString('utf8')).not.toContain('referencedId');
  });
});
