import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { recompose } from '../../src/speckle/recompose.ts';
import { shortTypeName } from '../../src/speckle/types.ts';
import { formatBytes } from '../../src/speckle/text.ts';
import {
  download,
  lookUp,
  openApp,
  waitForCompleteCount,
  waitForObjectShown,
} from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import { expectSameBytes } from './support/bytes.ts';
import {
  fetchRawBody,
  findDemoObject,
  revitFloor,
  splitLines,
  thousandObjectModel,
} from './support/demo.ts';
import { savedFileState, savedThroughPicker, stubSavePicker } from './support/savePicker.ts';

const MATERIAL = 'Objects.Other.Material:Objects.Other.Revit.RevitMaterial';

interface Expected {
  button: string;
  bytes: Buffer | string;
  /** The end of the file name: the format's kind and extension. */
  name: RegExp;
}

/** Every export of a with-children result of the real Revit floor, with the bytes it must hold. */
async function expectedFiles(): Promise<{
  projectId: string;
  objectId: string;
  files: Expected[];
}> {
  const { project, object } = await revitFloor();
  const linesBody = await fetchRawBody(project.id, object.id, 'lines');
  const lines = splitLines(linesBody);
  const parsed = new Map(lines.map(({ id, raw }) => [id, JSON.parse(raw) as unknown]));
  const root = parsed.get(object.id) as { level: unknown };
  const rootText = lines[0]!.raw;
  const material = lines.filter(
    ({ id }) => (parsed.get(id) as { speckle_type: string }).speckle_type === MATERIAL,
  );
  expect(material.length).toBeGreaterThan(1);
  return {
    projectId: project.id,
    objectId: object.id,
    files: [
      { button: 'Download object JSON', bytes: rootText, name: /_object\.json$/ },
      {
        button: 'Download pretty-printed object JSON',
        bytes: JSON.stringify(JSON.parse(rootText), null, 2),
        name: /_object-pretty\.json$/,
      },
      {
        button: 'Download all as JSON array',
        bytes: await fetchRawBody(project.id, object.id, 'json'),
        name: /_objects\.json$/,
      },
      {
        button: 'Download server lines (id, tab, JSON)',
        bytes: linesBody,
        name: /_objects-lines\.txt$/,
      },
      {
        button: 'Download NDJSON (one object per line)',
        bytes: lines.map(({ raw }) => `${raw}\n`).join(''),
        name: /_objects\.ndjson$/,
      },
      {
        button: 'Download object ids',
        bytes: lines.map(({ id }) => `${id}\n`).join(''),
        name: /_ids\.txt$/,
      },
      {
        button: 'Download recomposed object JSON',
        bytes: JSON.stringify(recompose(object.id, (id) => parsed.get(id)).value),
        name: /_recomposed\.json$/,
      },
      {
        button: 'Download selected value JSON',
        bytes: JSON.stringify(root.level, null, 2),
        name: /_value-level\.json$/,
      },
      {
        button: `Download ${shortTypeName(MATERIAL)} objects`,
        bytes: `[${material.map(({ raw }) => raw).join(',')}]`,
        name: /_type-RevitMaterial\.json$/,
      },
    ],
  };
}

async function prepare(page: Page, projectId: string, objectId: string, count: number) {
  await openApp(page);
  await lookUp(page, projectId, objectId, 'Get with children');
  await waitForCompleteCount(page, count);
  // The selected value is the root's `level`; the type downloads sit in "What's in it".
  await page
    .getByRole('tree', { name: `Properties of ${objectId}` })
    .getByRole('treeitem', { name: /^level:/ })
    .click();
  await page.getByText('What’s in it', { exact: true }).click();
}

describe('every export format, through both ways of saving', () => {
  const session = usePageSession();

  it('downloads each format as a Blob with the expected bytes, then writes the same through the save dialog', async () => {
    const { page } = session;
    const { projectId, objectId, files } = await expectedFiles();
    const count = splitLines(await fetchRawBody(projectId, objectId, 'lines')).length;
    await prepare(page, projectId, objectId, count);

    for (const expected of files) {
      const file = await download(page, expected.button);
      expect(file.name, expected.button).toMatch(expected.name);
      expect(file.name).toContain(`_${projectId}_${objectId}_`);
      expectSameBytes(file.bytes, expected.bytes, `${expected.button} (Blob)`);
    }

    await stubSavePicker(page);
    for (const [index, expected] of files.entries()) {
      await page.getByRole('button', { name: expected.button, exact: true }).click();
      const file = await savedThroughPicker(page, index + 1);
      expect(file.name, expected.button).toMatch(expected.name);
      expectSameBytes(file.bytes, expected.bytes, `${expected.button} (save dialog)`);
    }
  });

  it('writes the single page’s object downloads and the missing ids through the save dialog', async () => {
    const { page } = session;
    const floor = await revitFloor();
    const single = await fetchRawBody(floor.project.id, floor.object.id, 'single');
    const root = JSON.parse(single.toString('utf8')) as { level: unknown };
    const brep = await findDemoObject('brep root', ({ label }) => label.startsWith('Brep'));
    await openApp(page);

    // The closure's missing ids, first as a Blob download to compare the dialog's file with.
    await lookUp(page, brep.project.id, brep.object.id, 'Get with children');
    await waitForCompleteCount(page, brep.object.objectCount);
    const integrity = page.getByText(/^Closure integrity: /);
    await expect.poll(() => integrity.textContent(), { timeout: 30_000 }).toMatch(/\d+ missing/);
    await integrity.click();
    const missingByBlob = await download(page, 'Download missing ids');

    await stubSavePicker(page);
    await page.getByRole('button', { name: 'Download missing ids', exact: true }).click();
    const missing = await savedThroughPicker(page, 1);
    expect(missing.name).toMatch(/_missing-ids\.txt$/);
    expectSameBytes(missing.bytes, missingByBlob.bytes, 'missing ids (save dialog)');
    expect(missing.bytes.toString('utf8')).toMatch(/^([0-9a-f]{32}\n)+$/);

    await lookUp(page, floor.project.id, floor.object.id, 'Get object');
    await waitForObjectShown(page, floor.object.id);
    await page
      .getByRole('tree', { name: `Properties of ${floor.object.id}` })
      .getByRole('treeitem', { name: /^level:/ })
      .click();
    const files: Expected[] = [
      { button: 'Download object JSON', bytes: single, name: /_object\.json$/ },
      {
        button: 'Download pretty-printed object JSON',
        bytes: JSON.stringify(root, null, 2),
        name: /_object-pretty\.json$/,
      },
      {
        button: 'Download selected value JSON',
        bytes: JSON.stringify(root.level, null, 2),
        name: /_value-level\.json$/,
      },
    ];
    for (const [index, expected] of files.entries()) {
      await page.getByRole('button', { name: expected.button, exact: true }).click();
      const file = await savedThroughPicker(page, index + 2);
      expect(file.name, expected.button).toMatch(expected.name);
      expectSameBytes(file.bytes, expected.bytes, `${expected.button} (save dialog, /single)`);
    }
  });

  it('shows a slow save’s progress against the file size, and Cancel download discards the file', async () => {
    const { page } = session;
    const { project, object } = await thousandObjectModel();
    const linesBody = await fetchRawBody(project.id, object.id, 'lines');
    await openApp(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, object.objectCount);
    await stubSavePicker(page, { writeDelayMs: 300 });

    await page
      .getByRole('button', { name: 'Download server lines (id, tab, JSON)', exact: true })
      .click();

    const bar = page.getByRole('progressbar', { name: 'Download progress' });
    await expect.poll(() => bar.getAttribute('value').then(Number)).toBeGreaterThan(0);
    expect(await bar.getAttribute('max')).toBe(String(linesBody.length));
    const progress = page.getByText(/^Saving server lines \(id, tab, JSON\): /);
    expect(await progress.textContent()).toMatch(
      new RegExp(`: [\\d.]+ [kM]?B of ${formatBytes(linesBody.length)}…$`),
    );
    await page.getByRole('button', { name: 'Cancel download' }).click();

    await page.getByText('The download was cancelled.').waitFor();
    const file = await savedFileState(page, 1);
    expect(file).toMatchObject({ aborted: true, closed: false });
    expect(file!.bytes).toBeLessThan(linesBody.length);
    expect(await page.getByRole('button', { name: 'Cancel download' }).count()).toBe(0);
    expect(await bar.count()).toBe(0);
    expect(await page.getByText(/^Saved \d/).count()).toBe(0);
  });
});
