import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lookUp, openApp, waitForCompleteCount, waitForObjectShown } from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import { smallModelWithChildren, thousandObjectModel } from './support/demo.ts';

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
