import type { Page } from 'playwright-core';
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
import { usePageSession } from './support/browser.ts';
import {
  activeResult,
  countPlainMatches,
  searchBox,
  searchResults,
  searchStatus,
} from './support/search.ts';
import { spillSmallModels } from './support/spill.ts';
import { clearFaults, fetchRawBody, splitLines, thousandObjectModel } from './support/demo.ts';

function resultOptions(page: Page) {
  return searchResults(page).getByRole('option');
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
      const expected = countPlainMatches(lines, query);
      expect(expected.found.length).toBeGreaterThan(0);
      await searchBox(page).fill(query);
      await expect
        .poll(() => searchStatus(page), { timeout: 30_000 })
        .toMatch(new RegExp(`^Searched all 1,000 objects for "${query}"`));
      expect(await searchStatus(page)).toContain(
        `${expected.matches} matches in ${expected.found.length} object`,
      );
    }

    // The last match, its object read back from disk as the result is opened.
    await searchResults(page).focus();
    await page.keyboard.press('End');
    const total = countPlainMatches(lines, last.id);
    await expect.poll(() => activeResult(page)).toMatchObject({ place: total.matches });
    await expect.poll(async () => (await activeResult(page)).text).toContain(last.id.slice(0, 8));
    await page.keyboard.press('Enter');
    await waitForObjectShown(page, total.found.at(-1)!.id);
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
          resultOptions(page)
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
          `^Cancelled: searched ${received} of ${received} objects for "${wanted}"; \\d+ match(es)? in \\d+ objects?`,
        ),
      );
    expect(await progress.count()).toBe(0);

    // The rest of the model arrives; the search stopped stays where it was, its match listed.
    await clearFaults();
    await waitForCompleteCount(page, 1000);
    expect(await searchStatus(page)).toMatch(new RegExp(`^Cancelled: searched ${received} of`));
    expect(await resultOptions(page).count()).toBeGreaterThan(0);
  });
});
