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
import { usePageSession } from './support/browser.ts';
import { searchBox, searchResults, searchStatus } from './support/search.ts';
import { spillSmallModels } from './support/spill.ts';
import { clearFaults, fetchRawBody, splitLines, thousandObjectModel } from './support/demo.ts';

function resultGroups(page: Page): Locator {
  return searchResults(page).getByRole('group');
}

describe('searching a body on disk', () => {
  const session = usePageSession();

  it('finds what the in-memory search finds in the objects on disk, and opens them', async () => {
    const { page } = session;
    const { project, object } = await thousandObjectModel();
    const lines = splitLines(await fetchRawBody(project.id, object.id, 'lines'));
    await spillSmallModels(page);
    await openApp(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, 1000);
    await expect.poll(() => statusText(page)).toMatch(/kept on disk/);

    const last = lines[lines.length - 1]!;
    for (const query of ['RevitWall', last.id]) {
      const expected = searchObjects(lines, query).objects;
      expect(expected.length).toBeGreaterThan(0);
      await searchBox(page).fill(query);
      await expect
        .poll(() => searchStatus(page), { timeout: 30_000 })
        .toMatch(new RegExp(`^(Searched all 1,000 objects|Showing .*) for "${query}"`));
      const names = await resultGroups(page).evaluateAll((groups) =>
        groups.map((group) => group.getAttribute('aria-label') ?? ''),
      );
      expect(names).toHaveLength(expected.length);
      expected.forEach(({ id }, index) => expect(names[index]).toContain(id.slice(0, 8)));
    }

    // The last object, read back from disk as the result is opened.
    const lastGroup = searchResults(page).getByRole('group', { name: new RegExp(last.id) });
    await lastGroup.getByRole('option').first().click();
    await waitForObjectShown(page, last.id);
  });

  it('shows the first match while it goes on, says how far it got, and stops on Cancel', async () => {
    const { page } = session;
    const { project, object } = await thousandObjectModel();
    const lines = splitLines(await fetchRawBody(project.id, object.id, 'lines'));
    await spillSmallModels(page);
    // The load stays open after 400 objects: the search cannot have reached the end.
    await lookUpHeldOpen(page, project.id, object.id, 400);
    await waitForStatus(page, (count) => count.received > 300 && count.received < 1000, 30_000);
    await expect.poll(() => statusText(page)).toMatch(/kept on disk/);

    const wanted = lines[200]!.id;
    await searchBox(page).fill(wanted);

    await expect
      .poll(
        () =>
          resultGroups(page)
            .filter({ hasText: wanted.slice(0, 8) })
            .count(),
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThan(0);
    const progress = page.getByRole('progressbar', { name: 'Search progress' });
    await expect
      .poll(() => searchStatus(page))
      .toMatch(new RegExp(`^Searched the \\d+ objects received so far for "${wanted}"`));
    const received = parseStatus(await statusText(page))?.received ?? 0;
    expect(received).toBeLessThan(1000);
    expect(Number(await progress.getAttribute('value'))).toBe(received);

    await page.getByRole('button', { name: 'Cancel search' }).click();
    await expect
      .poll(() => searchStatus(page))
      .toMatch(
        new RegExp(
          `^Cancelled: searched ${received} of ${received} objects for "${wanted}"; \\d+ objects? match`,
        ),
      );
    expect(await progress.count()).toBe(0);

    // The rest of the model arrives; the search stopped stays where it was, its match listed.
    await clearFaults();
    await waitForCompleteCount(page, 1000);
    expect(await searchStatus(page)).toMatch(new RegExp(`^Cancelled: searched ${received} of`));
    expect(await resultGroups(page).count()).toBeGreaterThan(0);
  });
});
