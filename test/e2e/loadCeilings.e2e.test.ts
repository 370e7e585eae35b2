import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  alertText,
  lookUp,
  openApp,
  statusText,
  waitForCompleteCount,
  waitForObjectShown,
} from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import { clearFaults, setFault, thousandObjectModel } from './support/demo.ts';

// A body the client stops reading: Chromium may log the cancelled transfer as a net error.
const STOPPED_STREAM = /Failed to load resource: net::ERR_/;

/** Sets one of the "Load limits" in the sidebar, as a user would. */
async function setLimit(page: Page, label: string, value: number): Promise<void> {
  const field = page.getByRole('spinbutton', { name: label });
  if (!(await field.isVisible())) await page.getByText('Load limits:').click();
  await field.fill(String(value));
  await page.getByRole('button', { name: 'Save load limits' }).click();
}

async function waitForAlert(page: Page, text: string): Promise<void> {
  await expect.poll(() => alertText(page), { timeout: 30_000 }).toContain(text);
}

describe('load limits against a hostile server', () => {
  const session = usePageSession();

  it('stops an endless body at the object limit, keeps what came, and loads again once raised', async () => {
    const { page } = session;
    session.allowConsoleErrors(STOPPED_STREAM);
    const { project, object } = await thousandObjectModel();
    // After the model's 1,000 objects the server goes on sending new objects forever.
    await setFault({ endlessAfter: 1000 });
    await openApp(page);
    await setLimit(page, 'Most objects', 2500);
    await lookUp(page, project.id, object.id, 'Get with children');

    await waitForAlert(
      page,
      "The load stopped at this tab's limit of 2,500 objects: the 2,500 objects before it are kept and marked incomplete.",
    );
    expect(await statusText(page)).toMatch(/^2,500 objects \(incomplete\)/);
    await waitForObjectShown(page, object.id);

    // The real server again: raising the limit loads the model in full.
    await clearFaults();
    await page
      .getByRole('button', { name: 'Raise the limit to 5,000 objects and load again' })
      .click();
    await waitForCompleteCount(page, object.objectCount);
    expect(await alertText(page)).toBe('');
  });

  it('stops a line that never ends at the per-object limit, keeping the objects before it', async () => {
    const { page } = session;
    session.allowConsoleErrors(STOPPED_STREAM);
    const { project, object } = await thousandObjectModel();
    await setFault({ endlessLineAfter: 100 });
    await openApp(page);
    await setLimit(page, 'Largest object (MB)', 2);
    await lookUp(page, project.id, object.id, 'Get with children');

    await waitForAlert(
      page,
      "The server sent an object larger than this tab's limit of 2.0 MB per object, so the load stopped there: the 100 objects before it are kept and marked incomplete.",
    );
    expect(await statusText(page)).toMatch(/^100 of 1,000 objects \(incomplete\)/);
    await waitForObjectShown(page, object.id);
  });

  it('stops an endless body at the data limit', async () => {
    const { page } = session;
    session.allowConsoleErrors(STOPPED_STREAM);
    const { project, object } = await thousandObjectModel();
    await setFault({ endlessAfter: 1000 });
    await openApp(page);
    await setLimit(page, 'Most data (MB)', 3);
    await lookUp(page, project.id, object.id, 'Get with children');

    await waitForAlert(page, "The load stopped at this tab's limit of 3.0 MB of data: the ");
    expect(await statusText(page)).toMatch(/^[\d,]+( of 1,000)? objects \(incomplete\), 3\.0 MB/);
  });
});
