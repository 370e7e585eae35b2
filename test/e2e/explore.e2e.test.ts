import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findReferences } from '../../src/speckle/references.ts';
import { revitParameters } from '../../src/speckle/titles.ts';
import { toJavaScriptPath, toJqPath, toJsonPath } from '../../src/speckle/paths.ts';
import {
  download,
  lookUp,
  objectHeading,
  openApp,
  waitForCompleteCount,
  waitForObjectShown,
} from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import {
  fetchRawBody,
  findDemoObject,
  revitFloor,
  splitLines,
  type RawLine,
} from './support/demo.ts';

function tree(page: Page, objectId: string): Locator {
  return page.getByRole('tree', { name: `Properties of ${objectId}` });
}

/** A row of the tree by its key as shown (a `@` dropped), e.g. "displayValue". */
function row(scope: Locator, key: string): Locator {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByRole('treeitem', { name: new RegExp(`^${escaped}:`) });
}

async function activeRowText(scope: Locator): Promise<string> {
  return scope.evaluate((element) => {
    const id = element.getAttribute('aria-activedescendant');
    return (id ? document.getElementById(id)?.textContent : null) ?? '';
  });
}

async function loadRevitFloor(page: Page) {
  const { project, object } = await revitFloor();
  const lines = splitLines(await fetchRawBody(project.id, object.id, 'lines'));
  await openApp(page);
  await lookUp(page, project.id, object.id, 'Get with children');
  await waitForCompleteCount(page, lines.length);
  await waitForObjectShown(page, object.id);
  return { projectId: project.id, rootId: object.id, lines };
}

function parsed(lines: readonly RawLine[], id: string): Record<string, unknown> {
  const line = lines.find((candidate) => candidate.id === id);
  if (!line) throw new Error(`${id} is not in the answer`);
  return JSON.parse(line.raw) as Record<string, unknown>;
}

describe('exploring an object', () => {
  const session = usePageSession();

  it('follows a reference and comes back by the buttons, the breadcrumb and browser history', async () => {
    const { page } = session;
    const { rootId, lines } = await loadRevitFloor(page);
    const root = parsed(lines, rootId);
    // The floor's display meshes are detached: `displayValue` lists references to them.
    const [first] = findReferences(root).filter(({ path }) => path[0] === 'displayValue');
    if (!first) throw new Error('the floor has no display mesh');
    const target = first.referencedId;

    // The demo server has no Speckle web app to open objects in.
    expect(await page.getByRole('link', { name: 'Open in Speckle' }).count()).toBe(0);
    const rootTree = tree(page, rootId);
    await row(rootTree, 'displayValue').click();
    const reference = row(rootTree, String(first.path[1]));
    await expect.poll(() => reference.textContent()).toMatch(/→ Mesh/);
    await reference.getByText(/→ Mesh/).click();

    await waitForObjectShown(page, target);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
    expect(await crumbs.count()).toBe(2);
    expect(await crumbs.last().locator('[aria-current="page"]').getAttribute('title')).toBe(target);
    expect(new URL(page.url()).searchParams.get('object')).toBe(target);

    const history = page.getByRole('navigation', { name: 'Object history' });
    await history.getByRole('button', { name: 'Back' }).click();
    await waitForObjectShown(page, rootId);
    await history.getByRole('button', { name: 'Forward' }).click();
    await waitForObjectShown(page, target);
    await page.goBack();
    await waitForObjectShown(page, rootId);
    await page.goForward();
    await waitForObjectShown(page, target);
    await crumbs.first().getByRole('link').click();
    await waitForObjectShown(page, rootId);
    expect(await objectHeading(page, target).count()).toBe(0);
  });

  it('follows a reference from the keyboard and recomposes chunked arrays as nodes open', async () => {
    const { page } = session;
    const { lines } = await loadRevitFloor(page);
    const mesh = lines.find((line) => line.raw.includes('"Objects.Geometry.Mesh"'));
    if (!mesh) throw new Error('the floor has no mesh');
    const vertices = parsed(lines, mesh.id).vertices as Array<{ referencedId: string }>;
    const joinedLength = vertices
      .map(({ referencedId }) => (parsed(lines, referencedId).data as unknown[]).length)
      .reduce((sum, length) => sum + length, 0);

    await page.getByRole('listbox', { name: 'Received objects' }).focus();
    await page.keyboard.press('Home');
    for (let step = 0; step < lines.length; step += 1) {
      const text = await page
        .getByRole('listbox', { name: 'Received objects' })
        .evaluate(
          (element) =>
            document.getElementById(element.getAttribute('aria-activedescendant') ?? '')
              ?.textContent ?? '',
        );
      if (text.includes(mesh.id.slice(0, 8))) break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await waitForObjectShown(page, mesh.id);

    const meshTree = tree(page, mesh.id);
    await meshTree.focus();
    // In the plain view, Enter on a reference opens the chunk it names.
    await page.keyboard.press('Home');
    while (!(await activeRowText(meshTree)).startsWith('▸vertices')) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    expect(await activeRowText(meshTree)).toMatch(/^▸0: → DataChunk/);
    await page.keyboard.press('Enter');
    await waitForObjectShown(page, vertices[0]!.referencedId);
    await page.goBack();
    await waitForObjectShown(page, mesh.id);

    await page.getByRole('checkbox', { name: 'Recomposed view' }).check();
    const verticesRow = row(tree(page, mesh.id), 'vertices');
    await verticesRow.click();
    await expect
      .poll(() => verticesRow.textContent())
      .toContain(
        `joined from ${vertices.length} chunk${vertices.length === 1 ? '' : 's'} into ${joinedLength.toLocaleString('en-US')} items`,
      );
    expect(await verticesRow.getAttribute('aria-expanded')).toBe('true');
    const firstRange = tree(page, mesh.id).getByRole('treeitem', { name: /^\[0 … \d+\]$/ });
    expect(await firstRange.count()).toBe(joinedLength > 100 ? 1 : 0);
  });

  it('fetches a followed reference that the with-children answer lacks from the single endpoint', async () => {
    const { page } = session;
    const { project, object } = await findDemoObject(
      'collection referring outside its closure',
      ({ label }) => label.includes('outside its closure'),
    );
    const lines = splitLines(await fetchRawBody(project.id, object.id, 'lines'));
    const [sent, linked] = findReferences(parsed(lines, object.id)).map(
      ({ referencedId }) => referencedId,
    );
    // The server sends the closure's member; the other reference names an object stored apart.
    expect(lines.map(({ id }) => id)).toEqual([object.id, sent]);
    const linkedBody = await fetchRawBody(project.id, linked!, 'single');
    await openApp(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, 2);
    await waitForObjectShown(page, object.id);

    const rootTree = tree(page, object.id);
    await row(rootTree, 'elements').click();
    const reference = row(rootTree, '1');
    expect(await reference.textContent()).toContain(`→ ${linked}`);
    await reference.getByText(`→ ${linked}`).click();

    await waitForObjectShown(page, linked!);
    expect(new URL(page.url()).pathname).toBe(`/objects/${project.id}/${linked}/single`);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
    expect(await crumbs.count()).toBe(2);
    // What is shown is the single endpoint's answer.
    expect((await download(page, 'Download object JSON')).bytes.equals(linkedBody)).toBe(true);

    // An address naming an object the result lacks offers to fetch it on its own.
    await page.goBack();
    await waitForObjectShown(page, object.id);
    await page.goto(`/objects/${project.id}/${object.id}?object=${linked}`);
    await waitForCompleteCount(page, 2);
    await page.getByRole('button', { name: 'Get it on its own' }).click();
    await waitForObjectShown(page, linked!);
    expect(new URL(page.url()).pathname).toBe(`/objects/${project.id}/${linked}/single`);
  });

  it('searches inside the object, copies values and paths, hides internal fields, reads Revit parameters', async () => {
    const { page } = session;
    const { rootId, lines } = await loadRevitFloor(page);
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(page.url()).origin,
    });
    const root = parsed(lines, rootId);
    const rootTree = tree(page, rootId);

    const search = page.getByRole('searchbox', { name: 'Search in this object' });
    await search.fill('level 1');
    await expect.poll(() => page.getByText(/\d+ of \d+ matches/).textContent()).toMatch(/^1 of/);
    const firstMatch = await activeRowText(rootTree);
    expect(firstMatch.toLowerCase()).toContain('level 1');
    expect(await rootTree.locator('mark').first().textContent()).toMatch(/^level 1$/i);
    await search.press('Enter');
    await expect.poll(() => page.getByText(/\d+ of \d+ matches/).textContent()).toMatch(/^2 of/);

    // The active match's path, copied from the keyboard and by button in jq syntax.
    await rootTree.focus();
    await page.keyboard.press('p');
    const jsPath = await page.evaluate(() => navigator.clipboard.readText());
    expect(jsPath).toMatch(/^obj/);
    const value = new Function('obj', `return ${jsPath};`)(root) as unknown;
    expect(String(value).toLowerCase()).toContain('level 1');
    await page.keyboard.press('c');
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(String(value));

    await page.getByRole('combobox', { name: 'Path syntax' }).selectOption({ label: 'jq' });
    await page.getByRole('button', { name: 'Copy path' }).click();
    const jqPath = await page.evaluate(() => navigator.clipboard.readText());
    expect(jqPath).toMatch(/^\./);
    expect(jqPath).not.toBe(jsPath);
    // Both syntaxes name the same place.
    expect(toJavaScriptPath(pathFromJq(jqPath))).toBe(jsPath);
    expect(toJqPath(pathFromJq(jqPath))).toBe(jqPath);

    await page.getByRole('combobox', { name: 'Path syntax' }).selectOption({ label: 'JSONPath' });
    await page.getByRole('button', { name: 'Copy path' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(toJsonPath(pathFromJq(jqPath)));

    // O in the tree copies the whole object, whichever row is active.
    await rootTree.focus();
    await page.keyboard.press('o');
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(lines.find((line) => line.id === rootId)!.raw);

    await search.fill('');
    await page.getByRole('button', { name: 'Collapse all' }).click();
    expect(await row(rootTree, '__closure').count()).toBe(1);
    await page.getByRole('checkbox', { name: 'Hide internal fields' }).check();
    expect(await row(rootTree, '__closure').count()).toBe(0);
    expect(await row(rootTree, 'totalChildrenCount').count()).toBe(0);

    const parameters = revitParameters(root);
    expect(parameters.length).toBeGreaterThan(0);
    await page.getByText(`Revit parameters (${parameters.length})`).click();
    const table = page.getByRole('table', { name: 'Revit parameters' });
    const firstParameter = parameters[0]!;
    const firstRow = table.getByRole('row', { name: new RegExp(`^${firstParameter.name}\\b`) });
    expect(await firstRow.count()).toBeGreaterThan(0);
  });
});

/** Reads back the jq paths this app writes (`.a`, `.["a b"]`, `[0]`), enough for the test. */
function pathFromJq(path: string): Array<string | number> {
  const segments: Array<string | number> = [];
  const pattern = /\.([A-Za-z_][A-Za-z0-9_]*)|\.?\[("(?:[^"\\]|\\.)*"|\d+)\]/g;
  for (const match of path.matchAll(pattern)) {
    if (match[1] !== undefined) segments.push(match[1]);
    else if (match[2]!.startsWith('"')) segments.push(JSON.parse(match[2]!) as string);
    else segments.push(Number(match[2]));
  }
  return segments;
}
