import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lookUp, openApp, waitForObjectShown } from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import { smallModelWithChildren } from './support/demo.ts';

/** An object whose `note` is far longer than the tree shows uncut, so that shown whole it wraps. */
function objectWithLongString(id: string): string {
  return JSON.stringify({ id, speckle_type: 'Base', note: 'long words '.repeat(600), zz: 1 });
}

/** Where the `note` row and the `zz` row after it are, in the page. */
async function rowEdges(
  page: Page,
): Promise<{ noteTop: number; noteBottom: number; nextTop: number }> {
  const tree = page.getByRole('tree');
  const note = (await tree.getByRole('treeitem', { name: /^note/ }).boundingBox())!;
  const next = (await tree.getByRole('treeitem', { name: /^zz/ }).boundingBox())!;
  return { noteTop: note.y, noteBottom: note.y + note.height, nextTop: next.y };
}

/** The space between the `note` row's bottom and the next row's top: negative where they overlap. */
async function rowGap(page: Page): Promise<number> {
  const { noteBottom, nextTop } = await rowEdges(page);
  return Math.round(nextTop - noteBottom);
}

describe('the object tree', () => {
  const session = usePageSession();

  it('places each row below a long string, as it mounts and once shown whole', async () => {
    const { page } = session;
    const { project } = await smallModelWithChildren();
    const id = 'a'.repeat(32);
    await page.route(`**/objects/${project.id}/${id}/single`, (route) =>
      route.fulfill({ contentType: 'application/json', body: objectWithLongString(id) }),
    );
    await openApp(page);
    await lookUp(page, project.id, id, 'Get object');
    await waitForObjectShown(page, id);

    // Cut at 2,000 characters, the string still wraps over many lines: the rows mount tall.
    await expect.poll(() => rowGap(page)).toBeGreaterThanOrEqual(0);
    const cut = await rowEdges(page);
    expect(cut.noteBottom - cut.noteTop).toBeGreaterThan(100);

    await page.getByRole('checkbox', { name: 'Show long strings in full' }).check();
    await expect
      .poll(async () => (await rowEdges(page)).noteBottom)
      .toBeGreaterThan(cut.noteBottom + 100);
    await expect.poll(() => rowGap(page)).toBeGreaterThanOrEqual(0);
  });
});
