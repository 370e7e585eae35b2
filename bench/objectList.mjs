// The "Received objects" list of a loaded model: opening objects from it, and scrolling it from
// end to end. The list is virtualised, so an object's row exists only once it is scrolled into
// view; rows are found by the object id in their text.
import { timed } from './app.mjs';

/**
 * @typedef {import('playwright-core').Page} Page
 * @typedef {import('playwright-core').Locator} Locator
 * @typedef {import('./models.mjs').ListedObject} ListedObject
 * @typedef {{ id: string, why: string, painted: number | null, longestTask: number }} OpenedObject
 */

const OPEN_TIMEOUT_MS = 10_000;
const SCROLL_STEPS = 400;

/** @param {Page} page */
function objectList(page) {
  return page.getByRole('listbox', { name: 'Received objects' });
}

/**
 * Scrolls the row of `target` into view (its index in the server's order is the hint) and marks it
 * for the click. False when no rendered row shows the id there.
 * @param {Locator} list
 * @param {ListedObject} target
 * @param {number} count
 */
function revealRow(list, target, count) {
  return list.evaluate(
    async (listbox, { id, index, count }) => {
      const scroller = window.__bench.scrollerOf(listbox);
      if (scroller) {
        const offset = (index / count) * scroller.scrollHeight - scroller.clientHeight / 2;
        scroller.scrollTop = Math.max(0, offset);
      }
      for (let frame = 0; frame < 60; frame += 1) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const row = [...listbox.querySelectorAll('[role="option"]')].find((option) =>
          `${option.getAttribute('aria-label') ?? ''} ${option.textContent}`.includes(id),
        );
        if (row) {
          row.setAttribute('data-bench-open', '');
          return true;
        }
      }
      return false;
    },
    { id: target.id, index: target.index, count },
  );
}

/**
 * Opens each target with a real click on its row; the figure is click → the article naming the
 * object painted. Targets must differ from the object shown before each (the root, at first).
 * @param {Page} page
 * @param {(ListedObject & { why: string })[]} targets
 * @param {number} count objects in the list
 * @returns {Promise<{ opened: OpenedObject[], missing: string[] }>}
 */
export async function openObjects(page, targets, count) {
  const list = objectList(page);
  /** @type {OpenedObject[]} */
  const opened = [];
  /** @type {string[]} */
  const missing = [];
  for (const target of targets) {
    if (!(await revealRow(list, target, count))) {
      missing.push(`${target.why} ${target.id}`);
      continue;
    }
    const timing = await timed(page, {
      milestones: { shown: { article: target.id } },
      timeoutMs: OPEN_TIMEOUT_MS,
      act: () => page.locator('[data-bench-open]').click(),
    });
    await page.evaluate(() => {
      document.querySelector('[data-bench-open]')?.removeAttribute('data-bench-open');
    });
    opened.push({
      id: target.id,
      why: target.why,
      painted: timing.reached.shown?.painted ?? null,
      longestTask: timing.longTasks.longest,
    });
  }
  return { opened, missing };
}

/**
 * Scrolls the list from top to bottom in about SCROLL_STEPS frames (each step brings rows never
 * rendered before, the costly case), then jumps with Home, End and Home, while the long task
 * observer runs.
 * @param {Page} page
 * @param {number} count objects in the list
 */
export async function scrollList(page, count) {
  const list = objectList(page);
  const started = await page.evaluate(() => performance.now());
  const scrolled = await list.evaluate(async (listbox, steps) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const scroller = window.__bench.scrollerOf(listbox);
    if (!scroller) return { frames: 0, worstFrame: 0, lastRow: 0 };
    scroller.scrollTop = 0;
    await frame();
    const distance = scroller.scrollHeight - scroller.clientHeight;
    const step = Math.max(scroller.clientHeight, Math.ceil(distance / steps));
    let frames = 0;
    let worstFrame = 0;
    let last = performance.now();
    while (scroller.scrollTop < distance - 1 && frames < steps * 2) {
      scroller.scrollTop = Math.min(distance, scroller.scrollTop + step);
      await frame();
      const now = performance.now();
      worstFrame = Math.max(worstFrame, now - last);
      last = now;
      frames += 1;
    }
    // Let the last rows render, then read how far the rendered rows go.
    await frame();
    await frame();
    const rows = [...listbox.querySelectorAll('[role="option"]')];
    const lastRow = Math.max(0, ...rows.map((row) => Number(row.getAttribute('aria-posinset'))));
    return { frames, worstFrame, lastRow };
  }, SCROLL_STEPS);
  await list.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  const ended = await page.evaluate(async () => {
    await window.__bench.nextPaint();
    return performance.now();
  });
  const longTasks = await page.evaluate(
    ([from, to]) => window.__bench.longTasksBetween(from, to),
    [started, ended],
  );
  return {
    ...scrolled,
    reachedEnd: scrolled.lastRow === count,
    ms: ended - started,
    longTasks: { count: longTasks.count, longest: longTasks.longest, total: longTasks.total },
  };
}
