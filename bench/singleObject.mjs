// One object on its own ("Get object"): how long a huge one takes to paint, and how long opening
// a big array inside an object takes, each in a fresh page.
import { fillIds, openApp, timed } from './app.mjs';
import { openBenchPage } from './browser.mjs';

/**
 * @typedef {import('playwright-core').Browser} Browser
 * @typedef {import('./demoServer.mjs').DemoServer} DemoServer
 * @typedef {{ projectId: string, objectId: string }} ObjectRef
 */

const TIMEOUT_MS = 30_000;

/**
 * Fills the ids in and times the click on "Get object" until the article naming it is painted.
 * @param {import('playwright-core').Page} page
 * @param {ObjectRef} object
 */
async function getObject(page, { projectId, objectId }) {
  await fillIds(page, projectId, objectId);
  return timed(page, {
    milestones: { shown: { article: objectId } },
    timeoutMs: TIMEOUT_MS,
    act: () => page.getByRole('button', { name: 'Get object', exact: true }).click(),
  });
}

/**
 * @param {Browser} browser
 * @param {DemoServer} server
 * @param {ObjectRef} object
 */
export async function paintSingleObject(browser, server, object) {
  const session = await openBenchPage(browser, server.appUrl);
  try {
    await openApp(session.page, server.base);
    const timing = await getObject(session.page, object);
    return {
      painted: timing.reached.shown?.painted ?? null,
      longTasks: timing.longTasks,
    };
  } finally {
    await session.close();
  }
}

/**
 * Opens the object, then times a click on the expander of its `field` (collapsed at first) until
 * the expansion is painted.
 * @param {Browser} browser
 * @param {DemoServer} server
 * @param {ObjectRef} object
 * @param {string} field
 */
export async function expandField(browser, server, object, field) {
  const session = await openBenchPage(browser, server.appUrl);
  const { page } = session;
  try {
    await openApp(page, server.base);
    const shown = await getObject(page, object);
    if (!shown.reached.shown) throw new Error(`Object ${object.objectId} was never shown`);
    const article = page.getByRole('article').filter({ hasText: object.objectId });
    const label = await article.evaluate((element, name) => {
      // A collapsed node is anything with aria-expanded="false"; its row's text starts with the
      // field name (after a disclosure triangle, quoted or not) and a colon. Click its own toggle
      // when it has one.
      for (const toggle of element.querySelectorAll('[aria-expanded="false"]')) {
        const row = toggle.closest('[role="treeitem"]') ?? toggle;
        const text = (row.textContent ?? '').trim();
        if (!new RegExp(`^[▸▾]?\\s*"?${name}"?\\s*:`).test(text)) continue;
        const control =
          row.querySelector(
            'button[aria-expanded="false"], [role="button"][aria-expanded="false"]',
          ) ?? toggle;
        control.setAttribute('data-bench-expand', '');
        return text.slice(0, 40);
      }
      return null;
    }, field);
    if (label === null) {
      return { painted: null, longTasks: null, note: `no collapsed "${field}" found` };
    }
    const timing = await timed(page, {
      milestones: { expanded: { expanded: '[data-bench-expand]' } },
      timeoutMs: TIMEOUT_MS,
      act: () => page.locator('[data-bench-expand]').click(),
    });
    // How much the expansion put on the page: all 62,500 entries, or a window or ranges of them.
    // Rows may be nested in the DOM or flat with aria-level (a virtualised tree).
    const rows = await page.evaluate(() => {
      const row = document.querySelector('[data-bench-expand]')?.closest('[role="treeitem"]');
      if (!row) return null;
      const nested = row.querySelectorAll('[role="treeitem"]').length;
      const level = Number(row.getAttribute('aria-level'));
      if (nested > 0 || !level) return nested;
      const tree = row.closest('[role="tree"]');
      return [...(tree?.querySelectorAll('[role="treeitem"]') ?? [])].filter(
        (other) => Number(other.getAttribute('aria-level')) > level,
      ).length;
    });
    return {
      painted: timing.reached.expanded?.painted ?? null,
      longTasks: timing.longTasks,
      note: `expander of "${label}…", ${rows ?? 'unknown'} tree rows rendered inside`,
    };
  } finally {
    await session.close();
  }
}
