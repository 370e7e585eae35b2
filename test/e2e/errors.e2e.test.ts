import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  alertText,
  demoToken,
  expectRetriesThenGiveUp,
  followCountdown,
  lookUp,
  openApp,
  pauseClock,
  recordRequestTimes,
  setToken,
  statusText,
  waitForCompleteCount,
  waitForObjectShown,
  type LookupButton,
} from './support/app.ts';
import { failedResourceStatus, usePageSession } from './support/browser.ts';
import {
  clearFaults,
  demoProject,
  getManifest,
  findDemoObject,
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

function objectRequestTimes(page: Page): number[] {
  return recordRequestTimes(page, (url) => url.pathname.startsWith('/demo-server/objects/'));
}

const retryButton = (page: Page) =>
  page.getByRole('alert').getByRole('button', { name: 'Retry', exact: true });

/** After a failure the app stays usable: a lookup of another public object loads. */
async function expectNextLookupWorks(page: Page): Promise<void> {
  const failedObjectId = await page.getByRole('textbox', { name: 'Object ID' }).inputValue();
  await clearFaults();
  const { project, object } = await findDemoObject(
    'another small public object',
    (candidate, owner) =>
      owner.visibility === 'public' &&
      candidate.id !== failedObjectId &&
      candidate.objectCount < 1000,
  );
  await lookUp(page, project.id, object.id, 'Get object');
  await waitForObjectShown(page, object.id);
  expect(await alertText(page)).toBe('');
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
    await setToken(session.page, await demoToken());
    await expectNextLookupWorks(session.page);
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
    // The token still reads public projects.
    await expectNextLookupWorks(session.page);
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
    await expectNextLookupWorks(session.page);
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
    await expectNextLookupWorks(session.page);
  });

  it('retries a 429 three times with a growing countdown (1 s, 2 s, 4 s), then offers Retry, which works once it clears', async () => {
    const { page } = session;
    session.allowConsoleErrors(failedResourceStatus(429));
    const { object, project } = await smallModelWithChildren();
    await setFault({ status: 429, times: 10 });
    await page.clock.install();
    await openApp(page);
    await pauseClock(page);
    const requests = objectRequestTimes(page);

    await lookUp(page, project.id, object.id, 'Get object');

    const steps = await followCountdown(page, (_status, alerts) => alerts !== '', {
      skipPauses: true,
    });
    expect(steps.every((step) => /limiting requests/.test(step.status))).toBe(true);
    await expectAlert(page, /limit|rate|too many/i);
    expectRetriesThenGiveUp(steps, requests);
    await expectIdsKept(page, project.id, object.id);
    await clearFaults();
    await retryButton(page).click();
    await waitForObjectShown(page, object.id);
    expect(await alertText(page)).toBe('');
  });

  it('Get with children waits out a 429 with a countdown, then loads everything', async () => {
    const { page } = session;
    session.allowConsoleErrors(failedResourceStatus(429));
    const { object, project } = await smallModelWithChildren();
    await setFault({ status: 429, times: 1 });
    await openApp(page);
    const requests = objectRequestTimes(page);

    await lookUp(page, project.id, object.id, 'Get with children');

    // The one test that waits a real pause, on the production build's own timers.
    const steps = await followCountdown(page, (status) => /\d+ objects, /.test(status));
    expect(steps.map(({ attempt, of }) => `${attempt} of ${of}`)).toContain('1 of 3');
    await waitForCompleteCount(page, object.objectCount);
    expect(requests).toHaveLength(2);
    expect(requests[1]! - requests[0]!).toBeGreaterThanOrEqual(900);
    expect(await alertText(page)).toBe('');
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
    await expectNextLookupWorks(session.page);
  });

  it.each([502, 503, 504] as const)(
    'retries a %i proxy page three times with a growing countdown, calls it a gateway failure, not a wrong address, and offers Retry',
    async (status) => {
      const { page } = session;
      session.allowConsoleErrors(failedResourceStatus(status));
      const { object, project } = await smallModelWithChildren();
      await setFault({ status, times: 10 });
      await page.clock.install();
      await openApp(page);
      await pauseClock(page);
      const requests = objectRequestTimes(page);

      await lookUp(page, project.id, object.id, 'Get object');

      const steps = await followCountdown(page, (_status, alerts) => alerts !== '', {
        skipPauses: true,
      });
      expect(steps.every((step) => step.status.includes(`gateway answered ${status}`))).toBe(true);
      await expectAlert(page, /gateway|proxy/i);
      expect(await alertText(page)).toContain(`answered ${status}`);
      expect(await alertText(page)).not.toMatch(/not a Speckle server/i);
      expectRetriesThenGiveUp(steps, requests);
      await expectIdsKept(page, project.id, object.id);
      await clearFaults();
      await retryButton(page).click();
      await waitForObjectShown(page, object.id);
    },
  );

  it('waits out a GraphQL 429 with the same countdown, then opens the link', async () => {
    const { page } = session;
    session.allowConsoleErrors(failedResourceStatus(429));
    await page.clock.install();
    await openApp(page);
    await pauseClock(page);
    await setFault({ status: 429, times: 1 });

    await page.getByRole('link', { name: 'A version of a model', exact: true }).click();

    const steps = await followCountdown(page, (status) => /\d+ objects?, /.test(status), {
      skipPauses: true,
    });
    expect(steps.map((step) => step.status)).toEqual([
      'The server is limiting requests; trying again in 1 s (1 of 3)…',
    ]);
    expect(await alertText(page)).toBe('');
  });

  it('stops waiting for GraphQL on Cancel, says why it waited, and Retry opens the link', async () => {
    const { page } = session;
    session.allowConsoleErrors(failedResourceStatus(503));
    await page.clock.install();
    await openApp(page);
    await pauseClock(page);
    await setFault({ status: 503, times: 10 });

    await page.getByRole('link', { name: 'A version of a model', exact: true }).click();
    await followCountdown(page, (status) => /gateway answered 503/.test(status));
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    // The page draws what follows in a timer of its own, well before the 1 s pause would end.
    await page.clock.runFor(100);

    await expectAlert(page, /^Cancelled: nothing more was asked of /);
    expect(await alertText(page)).toContain(
      'A proxy or gateway in front of the server answered 503',
    );
    await clearFaults();
    await page.clock.resume();
    await retryButton(page).click();
    await expect.poll(() => statusText(page), { timeout: 20_000 }).toMatch(/\d+ objects?, /);
  });
});
