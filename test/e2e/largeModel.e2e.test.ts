import { describe, expect, it } from 'vitest';
import {
  lookUp,
  openApp,
  receivedObjects,
  waitForCompleteCount,
  waitForObjectShown,
} from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import { fetchRawBody, findDemoObject, splitLines } from './support/demo.ts';

describe('a 10,000-object model', () => {
  const session = usePageSession();

  it('loads completely and every object stays reachable from the keyboard', async () => {
    const { page } = session;
    const { project, object } = await findDemoObject(
      'public object with objectCount 10000',
      (candidate, project) => project.visibility === 'public' && candidate.objectCount === 10_000,
    );
    const lines = splitLines(await fetchRawBody(project.id, object.id, 'lines'));
    await openApp(page);

    await lookUp(page, project.id, object.id, 'Get with children');

    await waitForCompleteCount(page, 10_000, 60_000);
    await waitForObjectShown(page, object.id);
    const list = receivedObjects(page);
    await list.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await waitForObjectShown(page, lines.at(-1)!.id);
    await page.keyboard.press('Home');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('Enter');
    const shown = await page.getByRole('article').getByRole('heading').textContent();
    const index = lines.findIndex((line) => shown?.includes(line.id));
    expect(index).toBeGreaterThan(1);
    expect(index).toBeLessThan(100);
  });
});
