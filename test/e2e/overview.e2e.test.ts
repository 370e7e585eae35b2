import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { summarizeTypes } from '../../src/speckle/typeSummary.ts';
import {
  collectListedIds,
  download,
  integrityFindings,
  integritySummary,
  lookUp,
  openApp,
  waitForCompleteCount,
  waitForObjectShown,
  waitForStatus,
} from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import { expectSameBytes } from './support/bytes.ts';
import { fetchRawBody, findDemoObject, splitLines, type RawLine } from './support/demo.ts';

const FIXTURES = new URL('../fixtures/speckle-real/', import.meta.url);

async function loadWithChildren(page: Page, projectId: string, objectId: string) {
  await lookUp(page, projectId, objectId, 'Get with children');
  await waitForObjectShown(page, objectId);
  await waitForStatus(page, (count) => count.total === undefined);
}

function idLines(bytes: Buffer): string[] {
  const text = bytes.toString('utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text.slice(0, -1).split('\n');
}

/** Each object once, in the order the server sent them, with its type. */
function uniqueLines(lines: readonly RawLine[]): Array<RawLine & { speckleType: string }> {
  const seen = new Set<string>();
  return lines.flatMap((line) => {
    if (seen.has(line.id)) return [];
    seen.add(line.id);
    const { speckle_type: speckleType } = JSON.parse(line.raw) as { speckle_type?: string };
    return [{ ...line, speckleType: speckleType ?? '' }];
  });
}

describe('what is in a model, and whether all of it arrived', () => {
  const session = usePageSession();

  it('lists the 8,873 descendants of the real Revit model root as missing, none sent', async () => {
    const { page } = session;
    const { project, object } = await findDemoObject('Revit model root', ({ label }) =>
      label.startsWith('Revit model root'),
    );
    const root = JSON.parse(
      readFileSync(new URL('revit-model-root.single.json', FIXTURES), 'utf8').replace(
        /^\uFEFF/,
        '',
      ),
    ) as { __closure: Record<string, number> };
    await openApp(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, 1);

    expect(await integrityFindings(page)).toMatch(/^8,873 missing, [\d,]+ dangling references$/);
    await integritySummary(page).click();
    await expect
      .poll(() => page.getByText(/expected objects arrived/).textContent())
      .toMatch(
        /^1 of 8,874 expected objects arrived; 8,873 listed in the root’s __closure did not/,
      );
    const missing = page.getByRole('list', { name: 'Missing objects' });
    await expect.poll(() => missing.getByRole('listitem').count()).toBe(100);
    await expect.poll(() => page.getByText('1–100 of 8,873').count()).toBe(1);

    const file = await download(page, 'Download missing ids');
    expect(file.name).toMatch(new RegExp(`_${project.id}_${object.id}_missing-ids\\.txt$`));
    const ids = idLines(file.bytes);
    expect(ids).toHaveLength(8_873);
    expect(new Set(ids)).toEqual(new Set(Object.keys(root.__closure)));
    // Shallowest first.
    const depths = ids.map((id) => root.__closure[id] as number);
    expect(depths).toEqual([...depths].sort((a, b) => a - b));
  });

  it('finds the 110 descendants missing from the real brep database dump, root by root', async () => {
    const { page } = session;
    const { project } = await findDemoObject('brep root', ({ label }) => label.startsWith('Brep'));
    const stored = readFileSync(new URL('brep-meshes.store.tsv', FIXTURES), 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line.slice(line.indexOf('\t') + 1)) as Record<string, unknown>);
    const storedIds = new Set(stored.map(({ id }) => String(id)));
    // Every object with descendants (9 breps, 12 meshes) as the root of a with-children load.
    const roots = stored.flatMap(({ id, __closure: closure }) =>
      closure && Object.keys(closure).length > 0
        ? [{ id: String(id), closure: Object.keys(closure) }]
        : [],
    );
    expect(roots).toHaveLength(21);

    await openApp(page);
    const found = new Set<string>();
    for (const root of roots) {
      const absent = root.closure.filter((id) => !storedIds.has(id));
      await loadWithChildren(page, project.id, root.id);
      const findings = await integrityFindings(page);
      if (absent.length === 0) {
        expect(findings).toBe('complete');
        continue;
      }
      expect(findings).toMatch(new RegExp(`^${absent.length} missing(,|$)`));
      // Each result starts with its panels closed.
      await integritySummary(page).click();
      const file = await download(page, 'Download missing ids');
      const ids = idLines(file.bytes);
      expect(new Set(ids)).toEqual(new Set(absent));
      for (const id of ids) found.add(id);
    }
    expect(found.size).toBe(110);
  }, 180_000);

  it('filters the list to a type of a generated model and downloads exactly its objects', async () => {
    const { page } = session;
    const { project, object } = await findDemoObject(
      'generated 100-object model',
      ({ label, objectCount }) => label.startsWith('Generated building') && objectCount === 100,
    );
    const lines = uniqueLines(splitLines(await fetchRawBody(project.id, object.id, 'lines')));
    // Labels as the app makes them; the counts and bytes below come from the server's lines.
    const types = summarizeTypes(
      lines.map(({ id, raw, speckleType }) => ({ id, speckleType, bytes: raw.length })),
    );
    const chosen = types.find(({ count }) => count > 1 && count < 50);
    if (!chosen) throw new Error(`No type with 2 to 49 objects: ${JSON.stringify(types)}`);
    const ofType = lines.filter(({ speckleType }) => speckleType === chosen.speckleType);

    await openApp(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, 100);
    await waitForObjectShown(page, object.id);
    await page.getByText('What’s in it', { exact: true }).click();
    await page.getByRole('button', { name: `Show only ${chosen.label} objects` }).click();

    await expect.poll(() => page.getByText(`Showing ${ofType.length} of 100`).count()).toBe(1);
    expect(await collectListedIds(page)).toEqual(new Set(ofType.map(({ id }) => id)));

    const file = await download(page, `Download ${chosen.label} objects`);
    expect(file.name).toMatch(/_type-[A-Za-z0-9.-]+\.json$/);
    expectSameBytes(file.bytes, `[${ofType.map(({ raw }) => raw).join(',')}]`, chosen.label);

    await page.getByRole('button', { name: 'Clear type filter' }).click();
    await expect.poll(() => page.getByText(/^Showing \d+ of 100$/).count()).toBe(0);
  });

  it('brings the list into view when a type is chosen in the overview, far above it', async () => {
    const { page } = session;
    const { project, object } = await findDemoObject(
      'generated 1,000-object model',
      ({ label, objectCount }) => label.startsWith('Generated building') && objectCount === 1000,
    );
    await openApp(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, 1000);
    await waitForObjectShown(page, object.id);
    await page.getByText('What’s in it', { exact: true }).click();
    const show = page.getByRole('button', { name: /^Show only .* objects$/ }).first();
    await show.scrollIntoViewIfNeeded();
    const list = page.getByRole('listbox', { name: 'Received objects' });
    // The overview's figures stand between the type buttons and the list.
    expect(await inViewport(page, list)).toBe(false);

    await show.click();

    await expect.poll(() => inViewport(page, list)).toBe(true);
    expect(await inViewport(page, page.getByText(/^Showing [\d,]+ of 1,000$/))).toBe(true);
  });
});

/** Whether the element lies wholly within the window, as scrolled now. */
async function inViewport(page: Page, locator: ReturnType<Page['getByText']>): Promise<boolean> {
  const box = await locator.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  // Layout runs on fractions of a pixel: a box scrolled flush with the bottom can end at 800.3.
  return box !== null && box.y >= -1 && box.y + box.height <= height + 1;
}
