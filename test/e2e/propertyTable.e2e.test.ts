import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  download,
  lookUp,
  openApp,
  waitForCompleteCount,
  waitForObjectShown,
} from './support/app.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { usePageSession } from './support/browser.ts';
import { thousandObjectModel } from './support/demo.ts';

const WALL = 'Objects.BuiltElements.Wall:Objects.BuiltElements.Revit.RevitWall';

function tablePanel(page: Page): Locator {
  return page.getByRole('group', { name: 'Property table' });
}

function grid(page: Page): Locator {
  return tablePanel(page).getByRole('grid', { name: 'Property table rows' });
}

/** The status line once the table is ready ("N rows." or "N rows of M objects chosen, …"). */
async function tableStatus(page: Page): Promise<string> {
  const status = tablePanel(page).getByText(
    /^[\d,]+ rows?( of [\d,]+ objects chosen, after the filters)?\.$/,
  );
  await status.waitFor({ timeout: 60_000 });
  return (await status.textContent())!;
}

/** The rows drawn, each as its id and its cells' texts, once none is waiting for its cells. */
async function drawnRows(page: Page): Promise<string[][]> {
  await expect
    .poll(
      () =>
        grid(page)
          .getByText(/^Row \d+…$/)
          .count(),
      { timeout: 30_000 },
    )
    .toBe(0);
  return grid(page).evaluate((element) =>
    [...element.querySelectorAll('[role="row"][aria-rowindex]:not([aria-rowindex="1"])')].map(
      (row) => [
        row.querySelector('[role="rowheader"]')!.getAttribute('title')!,
        ...[...row.querySelectorAll('[role="gridcell"]')].map((cell) => cell.textContent!),
      ],
    ),
  );
}

/** Presses Tab until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 200; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the control cannot be reached with Tab');
}

async function openModel(page: Page): Promise<void> {
  const { project, object } = await thousandObjectModel();
  await openApp(page);
  await lookUp(page, project.id, object.id, 'Get with children');
  await waitForCompleteCount(page, 1000);
}

async function addPath(page: Page, path: string): Promise<void> {
  await tablePanel(page).getByRole('textbox', { name: 'Column path' }).fill(path);
  await tablePanel(page).getByRole('button', { name: 'Add path' }).click();
}

function lengthOf(cell: string): number {
  const number = Number(cell.replace(/ m$/, ''));
  expect(Number.isFinite(number), cell).toBe(true);
  return number;
}

describe('property table', () => {
  const session = usePageSession();

  it('builds, sorts, filters, groups, exports and comes back from its address', async () => {
    const { page } = session;
    await openModel(page);
    await tablePanel(page).getByText('Property table', { exact: true }).click();
    await tablePanel(page).getByRole('combobox', { name: 'Rows' }).selectOption('type');
    await tablePanel(page).getByRole('combobox', { name: 'Type' }).selectOption(WALL);
    for (const path of ['family', 'height', 'parameters.Length', 'parameters.Level']) {
      await addPath(page, path);
    }
    const walls = Number((await tableStatus(page)).match(/^([\d,]+) rows/)![1]!.replace(/,/g, ''));
    expect(walls).toBeGreaterThan(10);
    const first = await drawnRows(page);
    expect(first[0]!.slice(1, 3)).toEqual(['Basic Wall', '3.2 m']);

    // Sorted by length, longest first.
    const header = grid(page).getByRole('columnheader', { name: 'parameters.Length' });
    await header.getByRole('button').click();
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await tableStatus(page);
    const sorted = (await drawnRows(page)).map((row) => lengthOf(row[3]!));
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));

    // Only lengths of 5 m or more.
    await tablePanel(page)
      .getByRole('combobox', { name: 'Filter parameters.Length' })
      .selectOption('range');
    await tablePanel(page).getByRole('textbox', { name: 'Least parameters.Length' }).fill('5');
    await tablePanel(page)
      .getByRole('button', { name: 'Apply filter of parameters.Length' })
      .click();
    const filtered = await tableStatus(page);
    const kept = Number(filtered.match(/^([\d,]+) rows of/)![1]!.replace(/,/g, ''));
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(walls);
    const shown = await drawnRows(page);
    for (const row of shown) expect(lengthOf(row[3]!)).toBeGreaterThanOrEqual(5);

    // Grouped by level: the counts add up to the rows.
    await tablePanel(page)
      .getByRole('combobox', { name: 'Group by' })
      .selectOption('parameters.Level');
    const groups = tablePanel(page).getByRole('table', { name: /groups? by parameters\.Level/ });
    await groups.waitFor({ timeout: 30_000 });
    const counts = await groups.locator('tbody tr td:first-of-type').allTextContents();
    expect(counts.reduce((sum, count) => sum + Number(count.replace(/,/g, '')), 0)).toBe(kept);
    await expectNoSeriousViolations(page, 'a filtered, sorted and grouped table');

    // The CSV is the rows as shown, in their order.
    const csv = await download(page, 'Download table CSV');
    expect(csv.name).toMatch(
      /_table-RevitWall-where-parameters\.Length-5\.\.-by-parameters\.Length-desc-grouped-parameters\.Level\.csv$/,
    );
    const text = csv.bytes.toString('utf8');
    expect(csv.bytes[0]).toBe('i'.charCodeAt(0));
    const records = text.split('\r\n');
    expect(records[0]).toBe('id,family,height,parameters.Length,parameters.Level');
    expect(records).toHaveLength(kept + 2);
    expect(records.at(-1)).toBe('');
    const drawnNow = await drawnRows(page);
    expect(records.slice(1, 1 + drawnNow.length)).toEqual(drawnNow.map((row) => row.join(',')));

    // For Excel: a byte order mark first; none of these cells starts as a formula would.
    const excel = await download(page, 'Download table CSV for Excel');
    expect([...excel.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(excel.bytes.subarray(3).equals(csv.bytes)).toBe(true);

    // A reload of the address brings the same table back.
    const address = page.url();
    expect(new URL(address).searchParams.get('table')).toBe('1');
    await page.reload();
    await waitForCompleteCount(page, 1000);
    expect(await tableStatus(page)).toBe(filtered);
    expect(await drawnRows(page)).toEqual(drawnNow);
    expect(
      await grid(page)
        .getByRole('columnheader', { name: 'parameters.Length' })
        .getAttribute('aria-sort'),
    ).toBe('descending');

    // A row opens its object; the table stays in the address.
    const [openedId] = drawnNow[1]!;
    await grid(page).locator('[aria-rowindex="3"]').click();
    await waitForObjectShown(page, openedId!);
    expect(new URL(page.url()).searchParams.getAll('col')).toHaveLength(4);
  });

  it('works by keyboard alone in a 400-pixel window', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 400, height: 800 });
    await openModel(page);
    const summary = tablePanel(page).getByText('Property table', { exact: true });
    await tabTo(page, summary);
    await page.keyboard.press('Enter');
    const path = tablePanel(page).getByRole('textbox', { name: 'Column path' });
    await tabTo(page, path);
    await page.keyboard.type('speckle_type');
    await page.keyboard.press('Enter');
    expect(await tableStatus(page)).toBe('1,000 rows.');

    const sortButton = grid(page).getByRole('button', { name: 'speckle_type' });
    await tabTo(page, sortButton);
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        grid(page).getByRole('columnheader', { name: 'speckle_type' }).getAttribute('aria-sort'),
      )
      .toBe('ascending');
    const rows = await drawnRows(page);
    const types = rows.map((row) => row[1]!);
    expect(types).toEqual([...types].sort());

    await tabTo(page, grid(page));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await waitForObjectShown(page, rows[2]![0]!);

    await expectNoSeriousViolations(page, 'a table in a 400-pixel window');
    // Nothing of the panel reaches past the window's width.
    const box = await tablePanel(page).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(400);
  });
});
