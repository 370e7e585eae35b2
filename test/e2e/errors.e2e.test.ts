import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  alertText,
  lookUp,
  openApp,
  setToken,
  waitForObjectShown,
  type LookupButton,
} from './support/app.ts';
import { failedResourceStatus, usePageSession } from './support/browser.ts';
import {
  clearFaults,
  demoProject,
  getManifest,
  setFault,
  smallModelWithChildren,
} from './support/demo.ts';

const hex = (length: number) => randomBytes(length).toString('hex').slice(0, length);

/** Waits for an alert, then gives its wording a moment to settle before matching it. */
async function expectAlert(page: Page, pattern: RegExp, timeout = 20_000): Promise<void> {
  await expect.poll(() => alertText(page), { timeout }).not.toBe('');
  await expect.poll(() => alertText(page), { timeout: 2_000 }).toMatch(pattern);
}

async function expectIdsKept(page: Page, projectId: string, objectId: string): Promise<void> {
  expect(await page.getByRole('textbox', { name: 'Project ID' }).inputValue()).toBe(projectId);
  expect(await page.getByRole('textbox', { name: 'Object ID' }).inputValue()).toBe(objectId);
}

/** Counts the page's requests to either object endpoint. */
function countObjectRequests(page: Page): { count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/demo-server/objects/')) counter.count += 1;
  });
  return counter;
}

describe('errors', () => {
  const session = usePageSession();

  async function lookUpAndExpect(
    ids: { projectId: string; objectId: string },
    button: LookupButton,
    status: number,
    ...patterns: RegExp[]
  ): Promise<void> {
    const { page } = session;
    session.allowConsoleErrors(failedResourceStatus(status));
    await lookUp(page, ids.projectId, ids.objectId, button);
    for (const pattern of patterns) await expectAlert(page, pattern);
    await expectIdsKept(page, ids.projectId, ids.objectId);
  }

  it('says the token is not valid on 403', async () => {
    const { object, project } = await smallModelWithChildren();
    await openApp(session.page);
    await setToken(session.page, hex(42));

    await lookUpAndExpect(
      { projectId: project.id, objectId: object.id },
      'Get object',
      403,
      /token/i,
      /not valid|invalid|expired|revoked/i,
    );
  });

  it('says the token has no access to a private project on 401', async () => {
    const manifest = await getManifest();
    const project = await demoProject('private');
    const object = project.objects[0]!;
    await openApp(session.page);
    await setToken(session.page, manifest.publicOnlyToken);

    await lookUpAndExpect(
      { projectId: project.id, objectId: object.id },
      'Get with children',
      401,
      /access|permission|not allowed|private/i,
    );
  });

  it('says the project was not found for an unknown project id', async () => {
    const { object } = await smallModelWithChildren();
    await openApp(session.page);

    await lookUpAndExpect(
      { projectId: hex(10), objectId: object.id },
      'Get object',
      404,
      /project/i,
      /not found|doesn.t exist|does not exist|no such|unknown|no project/i,
    );
  });

  it('says the object is not in this project for an unknown object id', async () => {
    const project = await demoProject('public');
    await openApp(session.page);

    await lookUpAndExpect(
      { projectId: project.id, objectId: hex(32) },
      'Get object',
      404,
      /object/i,
      /not found|not in|doesn.t exist|does not exist|no such|unknown/i,
    );
  });

  it('retries 429 answers, then reports the rate limit; Retry loads the object once it clears', async () => {
    const { page } = session;
    session.allowConsoleErrors(failedResourceStatus(429));
    const { object, project } = await smallModelWithChildren();
    await setFault({ status: 429, times: 10 });
    await openApp(page);
    const requests = countObjectRequests(page);

    await lookUp(page, project.id, object.id, 'Get object');

    await expectAlert(page, /limit|rate|too many/i, 60_000);
    expect(requests.count).toBeGreaterThan(1);
    await expectIdsKept(page, project.id, object.id);
    await clearFaults();
    await page.getByRole('alert').getByRole('button', { name: 'Retry', exact: true }).click();
    await waitForObjectShown(page, object.id);
  });

  it('reports a 500 answer as a failure on the server side', async () => {
    const { object, project } = await smallModelWithChildren();
    await setFault({ status: 500, times: 10 });
    await openApp(session.page);

    await lookUpAndExpect(
      { projectId: project.id, objectId: object.id },
      'Get object',
      500,
      /500/,
      /server/i,
    );
  });

  it('reports a 502 proxy page as a gateway failure, not as a wrong server address', async () => {
    const { page } = session;
    // After the HTML answer the client may also try the `/api` form, which answers 404.
    session.allowConsoleErrors(failedResourceStatus(404));
    const { object, project } = await smallModelWithChildren();
    await setFault({ status: 502, times: 10 });
    await openApp(page);

    await lookUpAndExpect(
      { projectId: project.id, objectId: object.id },
      'Get object',
      502,
      /gateway|proxy|temporar|unavailable|server.*fail/i,
    );
    expect(await alertText(page)).not.toMatch(/not a Speckle server/i);
  });
});
