import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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
import {
  activeResult,
  countPlainMatches,
  searchBox,
  searchResults,
  searchStatus,
} from './support/search.ts';
import {
  fetchRawBody,
  splitLines,
  tenThousandObjectModel,
  thousandObjectModel,
} from './support/demo.ts';

/** The page's workers but the indexer, which the page keeps ready for the next load. */
function searchWorkers(page: Page) {
  return page.workers().filter((worker) => !/indexWorker/.test(worker.url()));
}

/** Presses Tab until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the control cannot be reached with Tab');
}

/** Waits until the search for `query` has looked at every one of `count` objects. */
async function waitForSearchDone(page: Page, query: string, count = '1,000'): Promise<string> {
  const quoted = JSON.stringify(query).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const done = new RegExp(`^Searched all ${count} objects for ${quoted}`);
  await expect
    .poll(
      async () => {
        const status = await searchStatus(page);
        return done.test(status) ? status : 'searching';
      },
      { timeout: 60_000 },
    )
    .not.toBe('searching');
  return searchStatus(page);
}

/** Presses a key in the results until the active option's text satisfies `wanted`. */
async function arrowTo(page: Page, wanted: (text: string) => boolean): Promise<string> {
  for (let presses = 0; presses < 200; presses += 1) {
    const { text } = await activeResult(page);
    if (wanted(text)) return text;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error('no such result within 200 rows');
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
            .getByRole('option', { name: new RegExp(wanted) })
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
    const expectedById = countPlainMatches(lines, wall.id);
    expect(expectedById.found.length).toBeGreaterThan(1);
    expect(byId).toContain(
      `${expectedById.matches} matches in ${expectedById.found.length} objects`,
    );
    await page.keyboard.press('ArrowDown');
    expect(await searchResults(page).evaluate((list) => list === document.activeElement)).toBe(
      true,
    );
    expect(await arrowTo(page, (text) => text.includes(`id obj.id ${wall.id}`))).toMatch(
      /^RevitWall/,
    );
    await page.keyboard.press('Enter');
    await waitForObjectShown(page, wall.id);

    // By type, with the type's path; the worker is the same one, fed once.
    await tabTo(page, searchBox(page));
    await page.keyboard.press('Escape');
    await page.keyboard.type('RevitColumn');
    const byType = await waitForSearchDone(page, 'RevitColumn');
    const columns = countPlainMatches(lines, 'RevitColumn');
    expect(columns.found).toHaveLength(60);
    expect(byType).toBe(
      `Searched all 1,000 objects for "RevitColumn": ${columns.matches} matches in 60 objects.`,
    );
    const first = searchResults(page).getByRole('option').first();
    await expect.poll(() => first.textContent()).toMatch(/type obj\.speckle_type .*RevitColumn/);
    expect(await first.locator('mark').textContent()).toBe('RevitColumn');
    expect(searchWorkers(page)).toHaveLength(1);
    await expectNoSeriousViolations(page, 'search results');

    // By a property value deep inside an object, shown with its path; Enter in the box steps
    // through the matches, opening each.
    await page.keyboard.press('Escape');
    await page.keyboard.type('level 1');
    await waitForSearchDone(page, 'level 1');
    const parameterObject = lines.find(({ raw }) =>
      /level 1/i.test(
        String(
          (JSON.parse(raw) as { parameters?: { LEVEL_PARAM?: { value?: unknown } } }).parameters
            ?.LEVEL_PARAM?.value,
        ),
      ),
    )!;
    await page.keyboard.press('ArrowDown');
    await arrowTo(page, (text) => text.includes('obj.parameters.LEVEL_PARAM.value Level 1'));
    await page.keyboard.press('Enter');
    await waitForObjectShown(page, parameterObject.id);
    // The object opens with the match revealed and selected in its tree.
    const tree = page.getByRole('tree', { name: `Properties of ${parameterObject.id}` });
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

  it('counts every match of 10,000 objects, reaches the last, and stops a runaway regular expression', async () => {
    const { page } = session;
    const { project, object } = await tenThousandObjectModel();
    const lines = splitLines(await fetchRawBody(project.id, object.id, 'lines'));
    expect(lines).toHaveLength(10_000);
    await openApp(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, 10_000);

    // The total, counted here from the server's own lines, and the last match in reach.
    const expected = countPlainMatches(lines, 'level');
    expect(expected.matches).toBeGreaterThan(10_000);
    await searchBox(page).fill('level');
    const status = await waitForSearchDone(page, 'level', '10,000');
    expect(status).toBe(
      `Searched all 10,000 objects for "level": ${expected.matches.toLocaleString('en-US')} ` +
        `matches in ${expected.found.length.toLocaleString('en-US')} objects.`,
    );
    await searchResults(page).focus();
    await page.keyboard.press('End');
    await expect.poll(() => activeResult(page)).toMatchObject({ place: expected.matches });
    await expect.poll(async () => (await activeResult(page)).text).toMatch(/level/i);
    await page.keyboard.press('Enter');
    await waitForObjectShown(page, expected.found.at(-1)!.id);

    // A field term: every wall, one match each.
    await searchBox(page).fill('speckle_type:RevitWall');
    const walls = lines.filter(({ raw }) =>
      /revitwall/i.test(String((JSON.parse(raw) as { speckle_type?: unknown }).speckle_type)),
    );
    expect(walls.length).toBeGreaterThan(0);
    expect(await waitForSearchDone(page, 'speckle_type:RevitWall', '10,000')).toBe(
      `Searched all 10,000 objects for "speckle_type:RevitWall": ` +
        `${walls.length} matches in ${walls.length} objects.`,
    );
    expect(new URL(page.url()).searchParams.get('search')).toBe('speckle_type:RevitWall');

    // A pattern that backtracks for ever on a 32-character id: the page stays responsive and the
    // search is stopped, its worker ended.
    const stuck = searchWorkers(page);
    expect(stuck).toHaveLength(1);
    await page.getByRole('checkbox', { name: 'Regular expression' }).check();
    await searchBox(page).fill('(\\w+)*#');
    await expect
      .poll(() => searchStatus(page))
      .toMatch(/^Searched [\d,]+ of 10,000 objects for "\(/);
    const filter = page.getByRole('searchbox', { name: 'Filter objects' });
    await filter.fill('RevitWall');
    expect(await filter.inputValue()).toBe('RevitWall');
    await expect
      .poll(() => searchStatus(page), { timeout: 30_000 })
      .toMatch(/^Stopped: the regular expression ran too long/);
    // The worker caught in it is ended; one of its own answers for the matches found before.
    await expect
      .poll(() => searchWorkers(page).filter((worker) => stuck.includes(worker)), {
        timeout: 15_000,
      })
      .toEqual([]);
    expect(searchWorkers(page)).toHaveLength(1);
    // The next search starts a worker of its own.
    await page.getByRole('checkbox', { name: 'Regular expression' }).uncheck();
    await searchBox(page).fill('RevitColumn');
    await waitForSearchDone(page, 'RevitColumn', '10,000');
  });
});
