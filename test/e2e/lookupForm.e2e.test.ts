import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  alertText,
  connectionRegion,
  demoToken,
  editConnection,
  lookUp,
  openApp,
  recordRequestTimes,
  setToken,
  waitForObjectShown,
} from './support/app.ts';
import { failedResourceStatus, usePageSession } from './support/browser.ts';
import { appUrl, demoBase, smallModelWithChildren } from './support/demo.ts';

/** When the page sends each object request from now on, to any server. */
function objectRequests(page: Page): number[] {
  return recordRequestTimes(page, (url) => /\/objects\//.test(url.pathname));
}

/** The focused element's accessible label, as the form names it. */
function focusedLabel(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return element instanceof HTMLInputElement ? (element.labels?.[0]?.textContent ?? null) : null;
  });
}

async function expectInViewport(page: Page, element: Locator, what: string): Promise<void> {
  const box = await element.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box, what).not.toBeNull();
  expect(box!.y, `${what} top`).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, `${what} bottom`).toBeLessThanOrEqual(viewport.height);
}

describe('lookup form', () => {
  const session = usePageSession();

  it('sends nothing while a token is typed after a 403, keeps the focus there, then loads with it', async () => {
    const { page } = session;
    session.allowConsoleErrors(failedResourceStatus(403));
    const { project, object } = await smallModelWithChildren();
    const good = await demoToken();
    await openApp(page);
    await setToken(page, 'f'.repeat(42));
    await lookUp(page, project.id, object.id, 'Get object');
    await expect.poll(() => alertText(page), { timeout: 20_000 }).toMatch(/not valid \(403\)/);

    await page.getByRole('alert').getByRole('button', { name: 'Edit access token' }).click();
    expect(await focusedLabel(page)).toBe('Access token');
    const requests = objectRequests(page);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await page.getByLabel('Access token', { exact: true }).pressSequentially(good);

    expect(await focusedLabel(page)).toBe('Access token');
    expect(await page.getByLabel('Access token', { exact: true }).inputValue()).toBe(good);
    expect(requests).toEqual([]);
    await page.getByRole('button', { name: 'Get object', exact: true }).click();
    await waitForObjectShown(page, object.id);
    expect(requests).toHaveLength(1);
  });

  it('sends nothing while a server address is typed after "Could not reach", then loads from it', async () => {
    const { page } = session;
    session.allowConsoleErrors(/Failed to load resource: net::/);
    const { project, object } = await smallModelWithChildren();
    await openApp(page);
    await editConnection(page);
    const url = page.getByRole('textbox', { name: 'Server URL' });
    await url.fill('http://127.0.0.1:9');
    await lookUp(page, project.id, object.id, 'Get object');
    await expect.poll(() => alertText(page), { timeout: 20_000 }).toMatch(/Could not reach/);

    await page.getByRole('alert').getByRole('button', { name: 'Edit server URL' }).click();
    expect(await focusedLabel(page)).toBe('Server URL');
    const requests = objectRequests(page);
    await url.fill('');
    await url.pressSequentially(demoBase());

    expect(await focusedLabel(page)).toBe('Server URL');
    expect(requests).toEqual([]);
    await page.getByRole('button', { name: 'Get object', exact: true }).click();
    await waitForObjectShown(page, object.id);
  });

  it('runs Get with children, the primary action, on Enter', async () => {
    const { page } = session;
    const { project, object } = await smallModelWithChildren();
    await openApp(page);
    await page.getByRole('textbox', { name: 'Project ID' }).fill(project.id);
    await page.getByRole('textbox', { name: 'Object ID' }).fill(object.id);
    await page.getByRole('textbox', { name: 'Object ID' }).press('Enter');

    await waitForObjectShown(page, object.id);
    expect(new URL(page.url()).pathname).toBe(`/objects/${project.id}/${object.id}`);
  });

  it("blames the server URL, not the project, when the address is another web site (the explorer's own)", async () => {
    const { page } = session;
    session.allowConsoleErrors(/404/);
    const { project, object } = await smallModelWithChildren();
    await openApp(page);
    await editConnection(page);
    await page.getByRole('button', { name: 'Add server' }).click();
    await page.getByRole('textbox', { name: 'Server URL' }).fill(appUrl());

    for (const button of ['Get object', 'Get with children'] as const) {
      await lookUp(page, project.id, object.id, button);
      await expect
        .poll(() => alertText(page), { timeout: 20_000 })
        .toMatch(/not a Speckle server's API, so the server URL is wrong, not the ids/);
      expect(await alertText(page)).not.toMatch(/no project|Check the project id/i);
    }
  });

  it('at 1400x900 shows the ids, the buttons, the demo objects and a lookup message without scrolling', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1400, height: 900 });
    const { project } = await smallModelWithChildren();
    await openApp(page);
    await expectInViewport(page, page.getByRole('textbox', { name: 'Project ID' }), 'Project ID');
    await expectInViewport(page, page.getByRole('textbox', { name: 'Object ID' }), 'Object ID');
    for (const name of ['Get object', 'Get with children']) {
      await expectInViewport(page, page.getByRole('button', { name, exact: true }), name);
    }
    await expectInViewport(
      page,
      page.getByRole('navigation', { name: 'Example objects' }),
      'the demo objects',
    );
    await expectInViewport(page, connectionRegion(page), 'the connection line');

    await page
      .getByRole('textbox', { name: 'Object ID' })
      .fill(`${demoBase()}/projects/${project.id}/models/0123456789`);
    await page.keyboard.press('Enter');
    const message = page
      .getByRole('alert')
      .filter({ hasText: /no model and no version with the id 0123456789/ });
    await expectInViewport(page, message, 'the model link message');
    await expectInViewport(
      page,
      page.getByRole('navigation', { name: 'Example objects' }),
      'the demo objects',
    );
    await page.screenshot({ path: 'test-results/lookup-form-1400x900.png' });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it('after Forget all, a reloaded result page shows the demo connection alone', async () => {
    const { page } = session;
    const { object } = await smallModelWithChildren();
    await openApp(page);
    await page.getByRole('link', { name: object.label, exact: true }).click();
    await waitForObjectShown(page, object.id);
    expect(new URL(page.url()).searchParams.get('server')).toBe(demoBase());
    await editConnection(page);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Forget all' }).click();

    await page.reload();

    await waitForObjectShown(page, object.id);
    await expect
      .poll(() => connectionRegion(page).getByRole('paragraph').textContent(), {
        timeout: 15_000,
      })
      .toBe(`Demo server ${demoBase()} token set`);
    await editConnection(page);
    const saved = page.getByRole('combobox', { name: 'Saved servers' });
    expect(await saved.locator('option').allTextContents()).toEqual(['Demo server']);
  });
});
