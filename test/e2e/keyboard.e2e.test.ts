import type { FileChooser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  alertText,
  demoToken,
  openApp,
  waitForCompleteCount,
  waitForObjectShown,
} from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import { activeResult, searchResults } from './support/search.ts';
import { PUBLIC_PROJECT_ID } from '../../demo/catalog.ts';
import { DEMO_MODELS, DEMO_VERSIONS } from '../../demo/history.ts';
import {
  clearFaults,
  demoBase,
  findDemoObject,
  fetchRawBody,
  revitFloor,
  setFault,
  smallModelWithChildren,
  splitLines,
} from './support/demo.ts';

/** The accessible name of the focused element, as a screen reader would announce it. */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return '';
    const labelled = element.id ? document.querySelector(`label[for="${element.id}"]`) : null;
    return (
      element.getAttribute('aria-label') ??
      labelled?.textContent ??
      element.closest('label')?.textContent ??
      element.textContent ??
      ''
    ).trim();
  });
}

/**
 * Presses Tab (or Shift+Tab) until the control named `name` (or a name it matches) has focus, as a
 * keyboard user would; returns that name.
 */
async function tabTo(
  page: Page,
  name: string | RegExp,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
): Promise<string> {
  const passed: string[] = [];
  for (let presses = 0; presses < 80; presses += 1) {
    const focused = await focusedName(page);
    if (typeof name === 'string' ? focused === name : name.test(focused)) return focused;
    passed.push(focused.slice(0, 40));
    await page.keyboard.press(key);
  }
  throw new Error(
    `"${String(name)}" cannot be reached with Tab; focus went to: ${passed.join(' | ')}`,
  );
}

/** Tabs to a text field and replaces what it holds. */
async function typeInto(page: Page, name: string, text: string): Promise<void> {
  await tabTo(page, name);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Looks up with children from the keyboard and cancels with Escape while objects arrive. */
async function lookUpAndCancel(page: Page, projectId: string, objectId: string): Promise<void> {
  await typeInto(page, 'Project ID', projectId);
  await typeInto(page, 'Object ID', objectId);
  await tabTo(page, 'Get with children');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/of \d+ objects/);
  await page.keyboard.press('Escape');
  await expect.poll(() => alertText(page)).toMatch(/cancelled/);
}

describe('keyboard only', () => {
  const session = usePageSession();

  it('looks up, cancels with Escape, retries, browses the list and downloads without a mouse', async () => {
    const { page } = session;
    session.allowConsoleErrors(/ERR_|net::|Failed to load/);
    const { project, object } = await smallModelWithChildren();
    await openApp(page);
    await setFault({ delayMs: 200 });

    await lookUpAndCancel(page, project.id, object.id);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('alert');

    await clearFaults();
    await tabTo(page, 'Retry');
    await page.keyboard.press('Enter');
    await waitForCompleteCount(page, object.objectCount);

    // Search all objects and open a result.
    await tabTo(page, 'Search all objects');
    await page.keyboard.type('level');
    await searchResults(page).getByRole('option').first().waitFor({ timeout: 20_000 });
    await page.keyboard.press('ArrowDown');
    // A result names its object by the first eight characters of its id.
    const { text } = await activeResult(page);
    await page.keyboard.press('Enter');
    await waitForObjectShown(page, /\b[0-9a-f]{8}\b/.exec(text)![0]);

    await tabTo(page, 'Received objects');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    const lastId = await page.evaluate(() =>
      document.activeElement?.getAttribute('aria-activedescendant')?.replace('object-option-', ''),
    );
    expect(lastId).toMatch(/^[0-9a-f]{32}$/);
    await waitForObjectShown(page, lastId!);

    await tabTo(page, 'Download all as JSON array');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Enter'),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`_${object.id}_objects\\.json$`));
  });

  it('connects, follows a reference, searches, downloads and cancels with Escape without a mouse', async () => {
    const { page } = session;
    const { project, object } = await revitFloor();
    const lines = splitLines(await fetchRawBody(project.id, object.id, 'lines'));
    const root = JSON.parse(lines[0]!.raw) as { displayValue: Array<{ referencedId: string }> };
    const mesh = root.displayValue[0]!.referencedId;
    await openApp(page);

    // Connect: the server's address and a token, typed over what the demo filled in. Edit opens
    // the connection at Server URL; Done folds it and gives the focus back to Edit.
    await tabTo(page, 'Edit connection');
    await page.keyboard.press('Enter');
    expect(await focusedName(page)).toBe('Server URL');
    await typeInto(page, 'Server URL', demoBase());
    await typeInto(page, 'Access token', await demoToken());
    await tabTo(page, 'Done');
    await page.keyboard.press('Enter');
    expect(await focusedName(page)).toBe('Edit connection');
    await tabTo(page, 'Project ID', 'Shift+Tab');
    await typeInto(page, 'Project ID', project.id);
    await typeInto(page, 'Object ID', object.id);
    await tabTo(page, 'Get with children');
    await page.keyboard.press('Enter');
    await waitForCompleteCount(page, lines.length);
    // As a person would, tab to the properties once they are drawn: the root's tree comes in a task
    // after the first objects, and on a busy machine it could come after Tab had passed its place.
    await page.getByRole('tree', { name: `Properties of ${object.id}` }).waitFor();

    await tabTo(page, `Properties of ${object.id}`);
    await page.keyboard.press('Home');
    while (!(await activeTreeRow(page)).startsWith('▸displayValue:')) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    expect(await activeTreeRow(page)).toMatch(/^▸0: → Mesh/);
    await page.keyboard.press('Enter');
    await waitForObjectShown(page, mesh);

    await tabTo(page, 'Back');
    await page.keyboard.press('Enter');
    await waitForObjectShown(page, object.id);

    await tabTo(page, 'Search in this object');
    await page.keyboard.type('level 1');
    await expect.poll(() => page.getByText(/ of \d+ matches$/).textContent()).toMatch(/^1 of/);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByText(/ of \d+ matches$/).textContent()).toMatch(/^2 of/);
    await tabTo(page, `Properties of ${object.id}`);
    expect((await activeTreeRow(page)).toLowerCase()).toContain('level 1');

    await tabTo(page, 'Download server lines (id, tab, JSON)');
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(file.suggestedFilename()).toMatch(new RegExp(`_${object.id}_objects-lines\\.txt$`));

    // Another model, slowed down, cancelled with Escape.
    const other = await findDemoObject(
      'the generated 100-object building',
      (candidate) => candidate.label === 'Generated building, 100 objects',
    );
    await setFault({ delayMs: 200 });
    await lookUpAndCancel(page, other.project.id, other.object.id);
  });

  it('compares two versions and opens a difference in the tree without a mouse', async () => {
    const { page } = session;
    const { building1000Changed } = DEMO_VERSIONS;
    await openApp(page, `/projects/${PUBLIC_PROJECT_ID}/models/${DEMO_MODELS.building}/versions`);
    await page.getByRole('list', { name: 'Versions' }).waitFor();

    await tabTo(page, `Compare with previous version of version ${building1000Changed}`);
    await page.keyboard.press('Enter');
    // The comparison's heading takes the focus from the button, which went with the list.
    await expect.poll(() => focusedName(page)).toBe('Comparison');
    const status = page.getByRole('region', { name: 'Comparison' }).getByRole('status');
    await expect.poll(() => status.last().textContent(), { timeout: 30_000 }).toMatch(/ changed, /);

    await tabTo(page, 'Kind of change');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const pair = await tabTo(page, /^Show differences of [0-9a-f]{32}$/);
    await page.keyboard.press('Enter');
    const second = pair.replace('Show differences of ', '');
    expect(await focusedName(page)).toBe(`Differences of ${second}`);

    await tabTo(page, `Open the second (${second}) in the tree`);
    await page.keyboard.press('Enter');
    await waitForObjectShown(page, second);
  });

  it('opens a file, browses it and exports it without a mouse', async () => {
    const { page } = session;
    const { project, object } = await revitFloor();
    const body = await fetchRawBody(project.id, object.id, 'lines');
    const lines = splitLines(body);
    // Listening before the page opens: Playwright starts catching file choosers without waiting
    // for the browser to confirm, and a key pressed before it does opens the browser's own
    // chooser, which headless Chromium never shows.
    const chooser = new Promise<FileChooser>((resolve) => page.once('filechooser', resolve));
    await openApp(page);

    await tabTo(page, 'Open file');
    await page.keyboard.press('Space');
    await (await chooser).setFiles({ name: 'floor.txt', mimeType: 'text/plain', buffer: body });
    await waitForCompleteCount(page, lines.length);
    await page.getByRole('tree', { name: `Properties of ${object.id}` }).waitFor();

    await tabTo(page, `Properties of ${object.id}`);
    await page.keyboard.press('Home');
    expect(await activeTreeRow(page)).toMatch(/^id:/);

    await tabTo(page, 'Download all as JSON array');
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(file.suggestedFilename()).toMatch(/_objects\.json$/);
  });
});

/** The text of the tree row the focused tree marks active. */
function activeTreeRow(page: Page): Promise<string> {
  return page.evaluate(() => {
    const id = document.activeElement?.getAttribute('aria-activedescendant');
    return (id ? document.getElementById(id)?.textContent : null) ?? '';
  });
}
