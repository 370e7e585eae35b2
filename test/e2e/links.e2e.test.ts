import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  demoToken,
  lookUp,
  openApp,
  pasteInto,
  waitForCompleteCount,
  waitForObjectShown,
} from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import { appUrl, demoBase, smallModelWithChildren } from './support/demo.ts';

/** Every URL the tab's history holds (Chromium's Navigation API), plus the current one. */
async function historyUrls(page: Page): Promise<string[]> {
  const entries = await page.evaluate(() => {
    const navigation = (window as { navigation?: { entries(): { url: string | null }[] } })
      .navigation;
    return navigation ? navigation.entries().map((entry) => entry.url ?? '') : [];
  });
  // At least the start page and the lookup's route: an empty list would make the check vacuous.
  expect(entries.length).toBeGreaterThanOrEqual(2);
  return [...entries, page.url()];
}

describe('links and routes', () => {
  const session = usePageSession();

  async function expectFields(page: Page, projectId: string, objectId: string) {
    const project = page.getByRole('textbox', { name: 'Project ID' });
    const object = page.getByRole('textbox', { name: 'Object ID' });
    await expect.poll(() => project.inputValue()).toBe(projectId);
    await expect.poll(() => object.inputValue()).toBe(objectId);
  }

  it('fills both ids when an API link is pasted into Object ID', async () => {
    const { page } = session;
    const { project, object } = await smallModelWithChildren();
    await openApp(page);

    await pasteInto(page, 'Object ID', `${demoBase()}/objects/${project.id}/${object.id}`);

    await expectFields(page, project.id, object.id);
  });

  it('fills both ids when a viewer link is pasted into Project ID', async () => {
    const { page } = session;
    const { project, object } = await smallModelWithChildren();
    await openApp(page);

    await pasteInto(page, 'Project ID', `${appUrl()}/projects/${project.id}/models/${object.id}`);

    await expectFields(page, project.id, object.id);
  });

  it('puts a with-children lookup in the URL and repeats it on reload, never exposing the token', async () => {
    const { page } = session;
    const { project, object } = await smallModelWithChildren();
    const token = await demoToken();
    await openApp(page);

    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, object.objectCount);
    expect(new URL(page.url()).pathname).toBe(`/objects/${project.id}/${object.id}`);

    await page.reload();

    await waitForObjectShown(page, object.id);
    await waitForCompleteCount(page, object.objectCount);
    for (const url of await historyUrls(page)) expect(url).not.toContain(token);
  });

  it('puts a single lookup in the URL and repeats it on reload', async () => {
    const { page } = session;
    const { project, object } = await smallModelWithChildren();
    const token = await demoToken();
    await openApp(page);

    await lookUp(page, project.id, object.id, 'Get object');
    await waitForObjectShown(page, object.id);
    expect(new URL(page.url()).pathname).toBe(`/objects/${project.id}/${object.id}/single`);

    await page.reload();

    await waitForObjectShown(page, object.id);
    await expectFields(page, project.id, object.id);
    for (const url of await historyUrls(page)) expect(url).not.toContain(token);
  });
});
