import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openApp, waitForCompleteCount, waitForObjectShown } from './support/app.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { usePageSession } from './support/browser.ts';
import { GENERATED_ROOT_IDS, PUBLIC_PROJECT_ID } from '../../demo/catalog.ts';
import { DEMO_MODELS, DEMO_VERSIONS } from '../../demo/history.ts';
import { fetchRawBody, revitFloor, splitLines } from './support/demo.ts';

/** How far the page reaches past the window's right edge, in pixels (0: no horizontal scroll). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * The smallest text of the type chart as drawn, in CSS pixels: its font size times the scale it is
 * drawn at (an SVG scaled down to the window draws its text smaller). The chart is hidden from
 * assistive technology (the table beside it says the same), so it is found by its class.
 */
function smallestChartText(page: Page): Promise<number> {
  return page.locator('.type-chart').evaluate((chart) => {
    const sizes = [...chart.querySelectorAll('*')]
      .filter((element) => [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE))
      .map((element) => {
        const scale = element instanceof SVGGraphicsElement ? (element.getScreenCTM()?.a ?? 1) : 1;
        return parseFloat(getComputedStyle(element).fontSize) * scale;
      });
    return Math.min(...sizes);
  });
}

/** The text before each line break of an element's text as laid out (its last few characters). */
function lineEnds(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const ends: string[] = [];
    let before = '';
    let top: number | null = null;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let index = 0; index < text.length; index++) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        if (top !== null && rect.top > top + 2) ends.push(before.slice(-8));
        top = rect.top;
        before += text[index];
      }
    }
    return ends;
  });
}

describe('a 400 × 800 window', () => {
  const session = usePageSession();

  it('brings the result of a demo object into view and scrolls nothing sideways', async () => {
    const { page } = session;
    const { project, object } = await revitFloor();
    const lines = splitLines(await fetchRawBody(project.id, object.id, 'lines'));
    await page.setViewportSize({ width: 400, height: 800 });
    await openApp(page);

    await page
      .getByRole('navigation', { name: 'Example objects' })
      .getByRole('link', { name: object.label, exact: true })
      .click();

    await waitForCompleteCount(page, lines.length);
    await waitForObjectShown(page, object.id);
    const result = page.getByRole('region', { name: 'Result' });
    const box = (await result.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(-1);
    expect(box.y).toBeLessThan(800 / 4);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // A long type name wraps between its parts, not in the middle of one.
    const typeRow = page
      .getByRole('tree', { name: `Properties of ${object.id}` })
      .getByRole('treeitem', { name: /^speckle_type:/ });
    await typeRow.scrollIntoViewIfNeeded();
    const wraps = await lineEnds(typeRow);
    expect(wraps.length).toBeGreaterThan(0);
    for (const end of wraps) expect(end).toMatch(/[\s./\\:_-]$/);

    // The widest parts of a result, opened: the floor's parameters and the type table.
    await page.getByText(/^Revit parameters \(\d+\)$/).click();
    await page.getByText('What’s in it').click();
    await page.getByRole('table', { name: 'Revit parameters' }).waitFor();
    await page.getByRole('table', { name: /per type/ }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await smallestChartText(page)).toBeGreaterThanOrEqual(12);
    await page.setViewportSize({ width: 1400, height: 900 });
    expect(await smallestChartText(page)).toBeGreaterThanOrEqual(12);
  });

  it("shows a model's versions whole: every row's ids and buttons inside the window", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 400, height: 800 });
    await openApp(page, `/projects/${PUBLIC_PROJECT_ID}/models/${DEMO_MODELS.building}/versions`);
    const rows = page.getByRole('list', { name: 'Versions' }).getByRole('listitem');
    await rows.first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    // A row's paint is contained (content-visibility): what does not fit is cut, not scrolled.
    for (const row of await rows.all()) {
      await row.scrollIntoViewIfNeeded();
      const cut = await row.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(cut, (await row.getAttribute('aria-label')) ?? '').toBeLessThanOrEqual(0);
    }
    const copy = page.getByRole('button', { name: `Copy version id ${DEMO_VERSIONS.building100}` });
    await copy.scrollIntoViewIfNeeded();
    const box = (await copy.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(400);
  });

  it('shows a property diff whole: the differences in view and focused, each change stacked', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 400, height: 800 });
    const from = GENERATED_ROOT_IDS['public-1000']!;
    const to = GENERATED_ROOT_IDS['public-1000/v2']!;
    await openApp(page, `/compare/${PUBLIC_PROJECT_ID}/${from}/${to}`);
    await page.getByRole('combobox', { name: 'Kind of change' }).selectOption('Changed');
    const show = page.getByRole('button', { name: /^Show differences of / }).first();
    await show.click({ timeout: 30_000 });

    const diff = page.getByRole('region', { name: /^Differences of / });
    await expect
      .poll(() => diff.evaluate((element) => element === document.activeElement))
      .toBe(true);
    const box = (await diff.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(-1);
    expect(box.y).toBeLessThan(800 / 2);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const rows = diff.getByRole('row').filter({ has: page.getByRole('rowheader') });
    expect(await rows.count()).toBeGreaterThan(1);
    for (const row of await rows.all()) {
      const fits = await row.evaluate((element) => {
        const scroller = element.closest('table')!;
        return (
          element.scrollWidth <= element.clientWidth &&
          scroller.scrollWidth <= scroller.clientWidth &&
          element.getBoundingClientRect().right <= window.innerWidth
        );
      });
      expect(fits, (await row.textContent()) ?? '').toBe(true);
    }
    await expectNoSeriousViolations(page, 'a property diff at 400 px');
  });
});
