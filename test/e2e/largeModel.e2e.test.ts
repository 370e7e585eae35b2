import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  afterPaints,
  download,
  idInOptionLabel,
  indexersOf,
  lookUp,
  lookUpHeldOpen,
  openApp,
  parseStatus,
  receivedObjects,
  statusText,
  waitForCompleteCount,
  waitForObjectShown,
  waitForStatus,
  watchIndexers,
} from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import {
  fetchRawBody,
  setFault,
  splitLines,
  tenThousandObjectModel,
  thousandObjectModel,
} from './support/demo.ts';

/** Opens the last object of the list from the keyboard; returns its id. */
async function openLastReceived(page: Page): Promise<string> {
  const list = receivedObjects(page);
  await list.focus();
  await page.keyboard.press('End');
  const active = await list.getAttribute('aria-activedescendant');
  const lastId = idInOptionLabel((await page.locator(`[id="${active}"]`).textContent()) ?? '')!;
  await page.keyboard.press('Enter');
  return lastId;
}

/**
 * How far the list's drawn rows fall short of its visible bottom, in pixels: 0 when they reach it,
 * or when the last object received is drawn. `list` is the listbox.
 */
function rowsShortOfBottom(list: HTMLElement): number {
  const options = list.querySelectorAll('[role="option"]');
  const last = options[options.length - 1];
  if (!last || last.getAttribute('aria-posinset') === last.getAttribute('aria-setsize')) return 0;
  return Math.max(0, list.getBoundingClientRect().bottom - last.getBoundingClientRect().bottom);
}

/**
 * Notes `rowsShortOfBottom` for the first frame that paints the list, as `window.firstPaintedGap`:
 * a ResizeObserver made after the list's own has its first callback after the list has drawn the
 * rows its size calls for, before the paint.
 */
async function watchFirstPaintedGap(page: Page): Promise<void> {
  await page.evaluate((shortOfBottom) => {
    // An argument reaches the page as data, so the same measure as below travels as its source.
    const measure = new Function(`return (${shortOfBottom})`)() as typeof rowsShortOfBottom;
    const found = new MutationObserver(() => {
      const list = document.querySelector<HTMLElement>('[role="listbox"]');
      if (!list) return;
      found.disconnect();
      const observer = new ResizeObserver(() => {
        observer.disconnect();
        (window as { firstPaintedGap?: number }).firstPaintedGap = measure(list);
      });
      observer.observe(list);
    });
    found.observe(document.body, { childList: true, subtree: true });
  }, rowsShortOfBottom.toString());
}

describe('the list of received objects', () => {
  const session = usePageSession();

  it('has rows down to its bottom from its first paint in a tall window, and after the window grows', async () => {
    const { page } = session;
    const { project, object } = await thousandObjectModel();
    // The list takes 60 % of the window's height: 960 px here, more than it draws before it knows.
    await page.setViewportSize({ width: 1280, height: 1600 });
    await openApp(page);
    await watchFirstPaintedGap(page);

    await lookUp(page, project.id, object.id, 'Get with children');

    await expect
      .poll(() => page.evaluate(() => (window as { firstPaintedGap?: number }).firstPaintedGap))
      .toBe(0);
    await waitForCompleteCount(page, 1000);
    const list = receivedObjects(page);
    await page.setViewportSize({ width: 1280, height: 2400 });
    expect((await list.boundingBox())!.height).toBeGreaterThan(1400);
    await expect.poll(() => list.evaluate(rowsShortOfBottom)).toBe(0);
  });
});

describe('a 10,000-object model', () => {
  const session = usePageSession();

  it('loads completely and every object stays reachable from the keyboard', async () => {
    const { page } = session;
    const { project, object } = await tenThousandObjectModel();
    const lines = splitLines(await fetchRawBody(project.id, object.id, 'lines'));
    await openApp(page);
    const indexers = await watchIndexers(page);

    await lookUp(page, project.id, object.id, 'Get with children');

    await waitForCompleteCount(page, 10_000, 60_000);
    // The body was indexed by the worker kept ready, which ended with the load; another one is
    // started a while later for the next load, once the page is idle: on a busy machine that took
    // over 10 s.
    await indexers[0]!.closed;
    await expect.poll(() => indexers.length, { timeout: 30_000 }).toBe(2);
    expect(indexersOf(page)).toEqual([indexers[1]!.worker]);
    await waitForObjectShown(page, object.id);
    const list = receivedObjects(page);
    await list.focus();
    await page.keyboard.press('End');
    // The list scrolled to its end and drew the last row there, inside its visible box.
    const last = list.getByRole('option', { name: new RegExp(lines.at(-1)!.id) });
    await expect.poll(() => last.count()).toBe(1);
    expect(await last.getAttribute('aria-posinset')).toBe('10000');
    expect(await list.getAttribute('aria-activedescendant')).toBe(await last.getAttribute('id'));
    const [listBox, lastBox] = [await list.boundingBox(), await last.boundingBox()];
    expect(lastBox!.y).toBeGreaterThanOrEqual(listBox!.y);
    expect(lastBox!.y + lastBox!.height).toBeLessThanOrEqual(listBox!.y + listBox!.height);
    await page.keyboard.press('Enter');
    await waitForObjectShown(page, lines.at(-1)!.id);
    await page.keyboard.press('Home');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('Enter');
    // Opening is a navigation: wait for the heading to name another object than the last.
    const heading = page.getByRole('article').getByRole('heading');
    await expect.poll(() => heading.textContent()).not.toContain(lines.at(-1)!.id);
    const shown = await heading.textContent();
    const index = lines.findIndex((line) => shown?.includes(line.id));
    expect(index).toBeGreaterThan(1);
    expect(index).toBeLessThan(100);
  });

  it('opens an object from the list while the load goes on: the worker sends the bytes it deferred', async () => {
    const { page } = session;
    const { project, object } = await tenThousandObjectModel();
    await lookUpHeldOpen(page, project.id, object.id, 200);
    await waitForStatus(page, (count) => count.received > 100 && count.received < 10_000, 30_000);
    const lastId = await openLastReceived(page);
    expect(lastId).not.toBe(object.id);

    await waitForObjectShown(page, lastId);
    // Shown while the load still runs: its bytes came when asked for, not with the load's end.
    expect(parseStatus(await statusText(page))?.received).toBeLessThan(10_000);
  });

  it('downloads the body received so far as JSON lines during the load, byte for byte', async () => {
    const { page } = session;
    const { project, object } = await tenThousandObjectModel();
    const body = await fetchRawBody(project.id, object.id, 'lines');
    await lookUpHeldOpen(page, project.id, object.id, 200);
    const before = await waitForStatus(
      page,
      (count) => count.received > 100 && count.received < 10_000,
      30_000,
    );
    const file = await download(page, 'Download server lines (id, tab, JSON)');

    // Every object listed when the button was pressed, as the server sent it: the bytes the
    // indexer deferred came to the page first.
    const lines = splitLines(file.bytes);
    expect(lines.length).toBeGreaterThanOrEqual(before.received);
    expect(lines.length).toBeLessThan(10_000);
    expect(file.bytes.equals(body.subarray(0, file.bytes.length))).toBe(true);
    expect(file.bytes.at(-1)).toBe(0x0a);
  });

  it.each([
    [
      'the Cancel button',
      (page: Page) => page.getByRole('button', { name: 'Cancel', exact: true }).click(),
    ],
    // Escape from the lookup form: the result untouched, the worker still defers the bytes.
    [
      'Escape in the form',
      async (page: Page) => {
        await page.getByRole('textbox', { name: 'Object ID' }).focus();
        await page.keyboard.press('Escape');
      },
    ],
  ])('%s ends the indexing worker at once and keeps the objects received', async (_, cancel) => {
    const { page } = session;
    const { project, object } = await tenThousandObjectModel();
    await setFault({ holdAfter: 200 });
    await openApp(page);
    const indexers = await watchIndexers(page);

    await lookUp(page, project.id, object.id, 'Get with children');
    const before = await waitForStatus(
      page,
      (count) => count.total === 10_000 && count.received > 100 && count.received < 10_000,
      30_000,
    );
    expect(indexers).toHaveLength(1);
    await cancel(page);

    await indexers[0]!.closed;
    await expect.poll(() => statusText(page), { timeout: 10_000 }).toMatch(/incomplete/);
    const received = parseStatus(await statusText(page))?.received ?? 0;
    expect(received).toBeGreaterThanOrEqual(before.received);
    expect(received).toBeLessThan(10_000);
    // The worker, the only source of objects, has ended: what it sent before has been painted.
    await afterPaints(page);
    expect(parseStatus(await statusText(page))?.received).toBe(received);
    await waitForObjectShown(page, object.id);
    // The last object received before the cancel can be read, as every other.
    await waitForObjectShown(page, await openLastReceived(page));
  });
});
