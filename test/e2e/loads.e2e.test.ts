import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { findReferences } from '../../src/speckle/references.ts';
import {
  afterPaints,
  lookUp,
  lookUpHeldOpen,
  openApp,
  openFromList,
  parseStatus,
  statusText,
  waitForCompleteCount,
  waitForObjectShown,
} from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import {
  fetchRawBody,
  findDemoObject,
  setFault,
  smallModelWithChildren,
  splitLines,
  thousandObjectModel,
} from './support/demo.ts';

function tree(page: Page, objectId: string): Locator {
  return page.getByRole('tree', { name: `Properties of ${objectId}` });
}

/** A row of the tree by its key as shown (a `@` dropped). */
function row(scope: Locator, key: string): Locator {
  return scope.getByRole('treeitem', { name: new RegExp(`^${key}:`) });
}

/** The load's status while it runs: "N of M objects", with N short of M. */
async function runningCount(page: Page) {
  const count = parseStatus(await statusText(page));
  return count?.total !== undefined && count.received < count.total ? count : null;
}

/** The path of every with-children request the page (or its workers) sends, in order. */
function recordWithChildrenRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'GET' && /\/objects\/[^/]+\/[^/]+$/.test(pathname)) {
      paths.push(pathname);
    }
  });
  return paths;
}

describe('results kept for Back and Forward', () => {
  const session = usePageSession();

  it('shows two loaded models again on Back and Forward without asking the server again', async () => {
    const { page } = session;
    const large = await thousandObjectModel();
    const small = await smallModelWithChildren();
    await openApp(page);
    const requested = recordWithChildrenRequests(page);

    await lookUp(page, large.project.id, large.object.id, 'Get with children');
    await waitForCompleteCount(page, large.object.objectCount);
    await lookUp(page, small.project.id, small.object.id, 'Get with children');
    await waitForCompleteCount(page, small.object.objectCount);

    await page.goBack();
    await waitForCompleteCount(page, large.object.objectCount);
    await waitForObjectShown(page, large.object.id);
    await page.goForward();
    await waitForCompleteCount(page, small.object.objectCount);
    await waitForObjectShown(page, small.object.id);
    await page.goBack();
    await waitForObjectShown(page, large.object.id);

    expect(requested).toEqual(
      [large, small].map(
        ({ project, object }) => `/demo-server/objects/${project.id}/${object.id}`,
      ),
    );
  });
});

describe('following a reference while the load runs', () => {
  const session = usePageSession();

  it('shows the object, fetched on its own, and keeps the load, its progress and its history', async () => {
    const { page } = session;
    const { project, object } = await findDemoObject(
      'public object with objectCount 10000',
      (candidate, owner) => owner.visibility === 'public' && candidate.objectCount === 10_000,
    );
    const [rootLine] = splitLines(await fetchRawBody(project.id, object.id, 'lines'));
    const root = JSON.parse(rootLine!.raw) as Record<string, unknown>;
    // Objects arrive in id order: the level with the greatest id comes last of the root's.
    const levels = findReferences(root).filter(({ path }) => path[0] === '@elements');
    const last = levels.reduce((a, b) => (b.referencedId > a.referencedId ? b : a));
    const target = last.referencedId;

    await lookUpHeldOpen(page, project.id, object.id, 100);
    await waitForObjectShown(page, object.id);
    await row(tree(page, object.id), 'elements').click();
    const reference = row(tree(page, object.id), String(last.path[1]));
    expect(await reference.textContent()).toContain(`→ ${target}`);
    expect(await runningCount(page)).not.toBeNull();
    await reference.getByText(`→ ${target}`).click();

    await waitForObjectShown(page, target);
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/objects/${project.id}/${object.id}`);
    expect(url.searchParams.get('object')).toBe(target);
    expect(await runningCount(page)).not.toBeNull();
    expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(1);
    expect(await page.getByText(/fetched on its own; the load goes on/).count()).toBe(1);

    await page.goBack();
    await waitForObjectShown(page, object.id);
    expect(await runningCount(page)).not.toBeNull();
    await page.goForward();
    await waitForObjectShown(page, target);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/cancelled/);
  });
});

describe('Back within one loaded set', () => {
  const session = usePageSession();

  /** The tree's scroll position and the text of its active row. */
  function treePlace(scope: Locator) {
    return scope.evaluate((element) => {
      const id = element.getAttribute('aria-activedescendant');
      const active = id ? document.getElementById(id) : null;
      const box = element.getBoundingClientRect();
      const row = active?.getBoundingClientRect();
      return {
        scrollTop: element.scrollTop,
        active: active?.textContent ?? null,
        activeInView: row !== undefined && row.top >= box.top && row.bottom <= box.bottom,
      };
    });
  }

  it('returns to the row the user left, scrolled as it was', async () => {
    const { page } = session;
    const { project, object } = await thousandObjectModel();
    const lines = splitLines(await fetchRawBody(project.id, object.id, 'lines'));
    await openApp(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, lines.length);
    await waitForObjectShown(page, object.id);
    const rootTree = tree(page, object.id);
    await row(rootTree, '__closure').click();
    await rootTree.getByRole('treeitem', { name: /\[(keys )?0 … 99\]/ }).click();
    // Scrolled down, and a row there chosen with the mouse.
    await rootTree.scrollIntoViewIfNeeded();
    await rootTree.evaluate((element) => (element.scrollTop = 800));
    await expect.poll(async () => (await treePlace(rootTree)).scrollTop).toBeGreaterThan(500);
    // The virtualised tree draws the rows of its new place after the scroll event: the click must
    // land on one of them, not on the space they are about to fill.
    const rowAtCentre = () =>
      rootTree.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return element.contains(hit?.closest('[role="treeitem"]') ?? null);
      });
    await expect.poll(rowAtCentre).toBe(true);
    await afterPaints(page);
    const box = (await rootTree.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(async () => (await treePlace(rootTree)).active).toMatch(/^[0-9a-f]{32}: /);
    const left = await treePlace(rootTree);
    expect(left.activeInView).toBe(true);

    await openFromList(page, lines[1]!.id);
    await waitForObjectShown(page, lines[1]!.id);
    await page.goBack();
    await waitForObjectShown(page, object.id);

    await expect.poll(() => treePlace(tree(page, object.id))).toEqual(left);
  });
});

describe('a demo model the demo server is still preparing', () => {
  const session = usePageSession();

  it('says what the server is doing and counts the seconds until it answers', async () => {
    const { page } = session;
    const { object } = await findDemoObject(
      'generated public model the server takes a while to prepare',
      (candidate, owner) => owner.visibility === 'public' && candidate.prepareSeconds !== undefined,
    );
    // However fast this machine builds the model, the server answers after a few seconds.
    await setFault({ answerDelayMs: 3000 });
    await openApp(page);

    await page
      .getByRole('navigation', { name: 'Example objects' })
      .getByRole('link', { name: object.label, exact: true })
      .click();

    const count = object.objectCount.toLocaleString('en-US');
    const preparing = new RegExp(
      `^Connecting… Demo server is preparing the ${count}-object model\\b.*about ${object.prepareSeconds} s\\. \\((\\d+) s so far\\)$`,
    );
    const secondsWaited = async () => Number(preparing.exec(await statusText(page))?.[1] ?? -1);
    await expect.poll(secondsWaited).toBeGreaterThanOrEqual(0);
    await expect.poll(secondsWaited).toBeGreaterThanOrEqual(1);
    await waitForCompleteCount(page, object.objectCount, 60_000);
  });
});
