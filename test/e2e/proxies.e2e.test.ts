import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { V3_PROJECT_ID, V3_ROOT_IDS } from '../../demo/catalog.ts';
import { v3Model } from '../../demo/v3Model.ts';
import {
  lookUp,
  openApp,
  openFromList,
  statusText,
  waitForCompleteCount,
  waitForObjectShown,
} from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import { fetchRawBody, splitLines, thousandObjectModel } from './support/demo.ts';
import { searchBox, searchResults } from './support/search.ts';
import { spillSmallModels } from './support/spill.ts';
import { findReferences } from '../../src/speckle/references.ts';

const model = v3Model(false);

/** The id of the model's object with `applicationId`. */
function idOf(applicationId: string): string {
  for (const [id, object] of model.objects) if (object.applicationId === applicationId) return id;
  throw new Error(`no object has applicationId ${applicationId}`);
}

/** The collection whose elements name `id`. */
function parentOf(id: string): string {
  for (const [parentId, object] of model.objects) {
    const elements = object.elements;
    if (Array.isArray(elements) && JSON.stringify(elements).includes(`"${id}"`)) return parentId;
  }
  throw new Error(`nothing holds ${id}`);
}

async function activeRowText(page: Page, objectId: string): Promise<string> {
  const tree = page.getByRole('tree', { name: `Properties of ${objectId}` });
  return tree.evaluate((element) => {
    const id = element.getAttribute('aria-activedescendant');
    return (id ? document.getElementById(id)?.textContent : null) ?? '';
  });
}

function region(page: Page, name: string | RegExp): Locator {
  return page.getByRole('region', { name });
}

describe('Speckle v3 proxies and who points here', () => {
  const session = usePageSession();

  async function openOffice(page: Page) {
    await openApp(page);
    await lookUp(page, V3_PROJECT_ID, V3_ROOT_IDS.healthy, 'Get with children');
    await waitForCompleteCount(page, model.objects.size);
    await waitForObjectShown(page, V3_ROOT_IDS.healthy);
  }

  it('shows an object’s level and material through proxies, follows them, and Back returns', async () => {
    const { page } = session;
    await openOffice(page);
    const rootId = V3_ROOT_IDS.healthy;
    const wall = idOf('wall-a');
    await openFromList(page, wall);
    await waitForObjectShown(page, wall);

    const applied = region(page, 'Applied through proxies');
    await expect
      .poll(() => applied.textContent(), { timeout: 30_000 })
      .toBe('Applied through proxiesLevel: Level 1 through the proxy levelProxies[0]');
    await applied.getByRole('link', { name: 'Level Level 1' }).click();
    await waitForObjectShown(page, rootId);
    await expect
      .poll(() => activeRowText(page, rootId))
      .toMatch(/^▸value: \{\d+\} DataObject Level 1$/);

    const history = page.getByRole('navigation', { name: 'Object history' });
    await history.getByRole('button', { name: 'Back' }).click();
    await waitForObjectShown(page, wall);

    // Its display mesh takes the concrete of the first material proxy.
    const mesh = idOf('wall-a-mesh');
    await openFromList(page, mesh);
    await waitForObjectShown(page, mesh);
    await applied.getByRole('link', { name: 'Material proxy renderMaterialProxies[0]' }).click();
    await waitForObjectShown(page, rootId);
    await expect
      .poll(() => activeRowText(page, rootId))
      .toMatch(/^▸0: \{\d+\} RenderMaterialProxy/);
    await page.goBack();
    await waitForObjectShown(page, mesh);
  });

  it('lists who points here, the parent among them, built off the main thread', async () => {
    const { page } = session;
    await openOffice(page);
    const wall = idOf('wall-a');
    const parent = parentOf(wall);
    await openFromList(page, wall);
    await waitForObjectShown(page, wall);

    const referrers = region(page, /^Referenced by \d+ objects?$/);
    await referrers.waitFor({ timeout: 30_000 });
    const items = referrers.getByRole('listitem');
    expect(await items.allTextContents()).toEqual([
      expect.stringMatching(/by closure, proxy$/),
      expect.stringMatching(/by reference, closure$/),
    ]);
    const parentLink = items.nth(1).getByRole('link');
    expect(await parentLink.getAttribute('title')).toBe(parent);
    // The index was built in a worker of its own.
    expect(page.workers().some((worker) => worker.url().includes('linksWorker'))).toBe(true);

    await parentLink.click();
    await waitForObjectShown(page, parent);
  });

  it('lists who points here from a body kept on disk, read back by the worker', async () => {
    const { page } = session;
    const { project, object } = await thousandObjectModel();
    const lines = splitLines(await fetchRawBody(project.id, object.id, 'lines'));
    // The last object only one other refers to: its text lies deep in the file on disk.
    const holders = lines.flatMap((line) =>
      findReferences(JSON.parse(line.raw)).map(({ referencedId }) => ({
        holder: line.id,
        target: referencedId,
      })),
    );
    const holdersOf = (id: string) =>
      new Set(holders.filter(({ target }) => target === id).map(({ holder }) => holder));
    const received = new Set(lines.map(({ id }) => id));
    const { target } = holders.findLast(
      (link) => received.has(link.target) && holdersOf(link.target).size === 1,
    )!;
    const expected = holdersOf(target);
    await spillSmallModels(page);
    await openApp(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, 1000);
    await expect.poll(() => statusText(page)).toMatch(/kept on disk/);
    // Found by the search, which reads the body on disk too, and opened from its result.
    await searchBox(page).fill(target);
    await searchResults(page)
      .getByRole('option')
      .filter({ hasText: `obj.id ${target}` })
      .click();
    await waitForObjectShown(page, target);

    console.log(
      await page
        .locator('.object-links')
        .textContent({ timeout: 20_000 })
        .catch(() => 'none'),
    );
    const referrers = region(page, /^Referenced by \d+ objects?$/);
    await referrers.waitFor({ timeout: 30_000 });
    const byReference = await referrers
      .getByRole('listitem')
      .filter({ hasText: /by reference/ })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('title')));
    expect(new Set(byReference)).toEqual(expected);
  });
});
