import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { searchObjects } from '../../src/speckle/search.ts';
import {
  lookUp,
  lookUpHeldOpen,
  openApp,
  parseStatus,
  statusText,
  waitForCompleteCount,
  waitForObjectShown,
  waitForStatus,
} from './support/app.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { usePageSession } from './support/browser.ts';
import { searchBox, searchResults, searchStatus } from './support/search.ts';
import { fetchRawBody, splitLines, thousandObjectModel } from './support/demo.ts';

/** The page's workers but the indexer, which the page keeps ready for the next load. */
function searchWorkers(page: Page) {
  // The loader's indexer and the index of who points where (links) are not the search's.
  return page.workers().filter((worker) => !/indexWorker|linksWorker/.test(worker.url()));
}

/** Presses Tab until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 100; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the control cannot be reached with Tab');
}

/** Waits until the search for `query` has looked at every object (or stopped at its limit). */
async function waitForSearchDone(page: Page, query: string): Promise<string> {
  const done = new RegExp(`^(Searched all 1,000 objects|Showing .*) for "${query}"`);
  await expect
    .poll(
      async () => {
        const status = await searchStatus(page);
        return done.test(status) ? status : 'searching';
      },
      { timeout: 30_000 },
    )
    .not.toBe('searching');
  return searchStatus(page);
}

/** The active option of the results and the accessible name of the object group it is in. */
async function activeResult(page: Page): Promise<{ option: string; group: string }> {
  return searchResults(page).evaluate((list) => {
    const option = document.getElementById(list.getAttribute('aria-activedescendant') ?? '');
    return {
      option: option?.textContent ?? '',
      group: option?.closest('[role="group"]')?.getAttribute('aria-label') ?? '',
    };
  });
}

describe('search all objects', () => {
  const session = usePageSession();

  it('searches the objects received while the load goes on', async () => {
    const { page } = session;
    const { project, object } = await thousandObjectModel();
    const lines = splitLines(await fetchRawBody(project.id, object.id, 'lines'));
    await lookUpHeldOpen(page, project.id, object.id, 400);
    await waitForStatus(page, (count) => count.received > 300 && count.received < 1000, 30_000);

    // Not the root's: the indexer holds the other objects' bytes until the page asks for them.
    const wanted = lines[200]!.id;
    await searchBox(page).fill(wanted);

    await expect
      .poll(
        () =>
          searchResults(page)
            .getByRole('group', { name: new RegExp(wanted) })
            .count(),
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThan(0);
    expect(parseStatus(await statusText(page))?.received).toBeLessThan(1000);
  });

  it('finds objects by id, type and property value in a worker, opens them from the keyboard, and ends the worker on leaving', async () => {
    const { page } = session;
    const { project, object } = await thousandObjectModel();
    const lines = splitLines(await fetchRawBody(project.id, object.id, 'lines'));
    const wall = lines.find(({ raw }) => raw.includes('RevitWall"'))!;
    expect(wall).toBeDefined();
    await openApp(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, 1000);

    // By id: the object itself, and the objects that list or refer to it.
    await tabTo(page, searchBox(page));
    await page.keyboard.type(wall.id);
    await expect
      .poll(() => searchWorkers(page).map((worker) => worker.url()))
      .toEqual([expect.stringMatching(/searchWorker/)]);
    const byId = await waitForSearchDone(page, wall.id);
    const expectedById = searchObjects(lines, wall.id).objects;
    expect(expectedById.length).toBeGreaterThan(1);
    expect(byId).toContain(`${expectedById.length} objects match`);
    await page.keyboard.press('ArrowDown');
    expect(await searchResults(page).evaluate((list) => list === document.activeElement)).toBe(
      true,
    );
    for (let presses = 0; presses < 50; presses += 1) {
      const active = await activeResult(page);
      if (active.group.includes(wall.id) && active.option.startsWith('id')) break;
      await page.keyboard.press('ArrowDown');
    }
    expect(await activeResult(page)).toEqual({
      option: `id obj.id ${wall.id}`,
      group: expect.stringMatching(new RegExp(`^RevitWall ${wall.id}`)),
    });
    await page.keyboard.press('Enter');
    await waitForObjectShown(page, wall.id);

    // By type, with the type's path; the worker is the same one, fed once.
    await tabTo(page, searchBox(page));
    await page.keyboard.press('Escape');
    await page.keyboard.type('RevitColumn');
    const byType = await waitForSearchDone(page, 'RevitColumn');
    const columns = lines.filter(({ raw }) => raw.includes('Revit.RevitColumn"'));
    expect(columns).toHaveLength(60);
    expect(byType).toMatch(/^Searched all 1,000 objects for "RevitColumn": 60 objects match/);
    const first = searchResults(page).getByRole('option').first();
    expect(await first.textContent()).toMatch(/^type obj\.speckle_type .*RevitColumn/);
    expect(await first.locator('mark').textContent()).toBe('RevitColumn');
    expect(searchWorkers(page)).toHaveLength(1);
    await expectNoSeriousViolations(page, 'search results');

    // By a property value deep inside an object, shown with its path.
    await page.keyboard.press('Escape');
    await page.keyboard.type('level 1');
    await waitForSearchDone(page, 'level 1');
    const parameter = searchResults(page)
      .getByRole('option', { name: /obj\.parameters\.LEVEL_PARAM\.value Level 1/ })
      .first();
    await parameter.waitFor();
    const [parameterObject] = searchObjects(lines, 'level 1').objects.filter(({ matches }) =>
      matches.some(({ path }) => path.join('.') === 'parameters.LEVEL_PARAM.value'),
    );
    const parameterGroup = await parameter.evaluate(
      (option) => option.closest('[role="group"]')?.getAttribute('aria-label') ?? '',
    );
    expect(parameterGroup).toContain(parameterObject!.id);
    await page.keyboard.press('ArrowDown');
    for (let presses = 0; presses < 50; presses += 1) {
      const active = await activeResult(page);
      if (active.group.includes(parameterObject!.id) && active.option.includes('LEVEL_PARAM')) {
        break;
      }
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await waitForObjectShown(page, parameterObject!.id);
    // The object opens with the match revealed and selected in its tree.
    const tree = page.getByRole('tree', { name: `Properties of ${parameterObject!.id}` });
    await expect
      .poll(() =>
        tree.evaluate((element) => {
          const id = element.getAttribute('aria-activedescendant');
          return (id ? document.getElementById(id)?.textContent : null) ?? '';
        }),
      )
      .toBe('value: "Level 1"');
    const opened = await tree.locator('[role="treeitem"][aria-expanded="true"]').allTextContents();
    expect(opened.map((text) => text.split(':')[0])).toEqual(['▾parameters', '▾LEVEL_PARAM']);

    // Leaving the result ends the worker, and the copy of the model it held.
    await lookUp(page, project.id, wall.id, 'Get object');
    await waitForObjectShown(page, wall.id);
    await expect.poll(() => searchWorkers(page)).toEqual([]);
  });
});
