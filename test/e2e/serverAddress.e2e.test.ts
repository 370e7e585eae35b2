import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, PRIVATE_PROJECT_ID } from '../../demo/catalog.ts';
import { startDemoServer } from '../../demo/server.ts';
import {
  alertText,
  editConnection,
  expectRetriesThenGiveUp,
  followCountdown,
  lookUp,
  openApp,
  pauseClock,
  recordRequestTimes,
  setToken,
  waitForCompleteCount,
  waitForObjectShown,
} from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import { appUrl, findDemoObject, smallModelWithChildren } from './support/demo.ts';

/**
 * A real Speckle server is on another origin than the app, and mounts `/objects` at its root. A
 * second demo server, started here on its own port, makes the browser do real CORS: preflights,
 * and error pages without CORS headers that reach the page only as a failed fetch.
 */
describe('server addresses and odd input', () => {
  const session = usePageSession();
  let remote: Awaited<ReturnType<typeof startDemoServer>>;

  beforeAll(async () => {
    remote = await startDemoServer({ host: '127.0.0.1', port: 0, prefix: '', testControls: true });
  });

  afterAll(async () => {
    await remote.close();
  });

  async function useServer(page: Page, url: string, token = DEMO_TOKEN): Promise<void> {
    await editConnection(page);
    await page.getByRole('button', { name: 'Add server' }).click();
    await page.getByRole('textbox', { name: 'Server URL' }).fill(url);
    await setToken(page, token);
  }

  async function expectAlert(page: Page, pattern: RegExp): Promise<void> {
    await expect.poll(() => alertText(page), { timeout: 20_000 }).toMatch(pattern);
  }

  it('loads from a server on another origin, through CORS', async () => {
    const { page } = session;
    const { project, object } = await smallModelWithChildren();
    await openApp(page);
    await useServer(page, remote.url);

    await lookUp(page, project.id, object.id, 'Get with children');

    await waitForCompleteCount(page, object.objectCount);
    await waitForObjectShown(page, object.id);
    expect(new URL(page.url()).searchParams.get('server')).toBe(remote.url);
    // A server other than the built-in demo has Speckle's web app beside its API.
    expect(await page.getByRole('link', { name: 'Open in Speckle' }).getAttribute('href')).toBe(
      `${remote.url}/projects/${project.id}/models/${object.id}`,
    );
  });

  it('finds the API when the address was entered with /api, and says what it used', async () => {
    const { page } = session;
    session.allowConsoleErrors(/404/);
    const { project, object } = await smallModelWithChildren();
    await openApp(page);
    await useServer(page, `${remote.url}/api`);

    await lookUp(page, project.id, object.id, 'Get object');

    await waitForObjectShown(page, object.id);
    await expect.poll(() => page.getByText(`${remote.url} did:`, { exact: false }).count()).toBe(1);
  });

  async function setRemoteFault(fault: { status: 503; times: number } | null): Promise<void> {
    await fetch(`${remote.url}/__faults`, {
      method: fault ? 'POST' : 'DELETE',
      headers: { 'Content-Type': 'application/json' },
      body: fault ? JSON.stringify(fault) : undefined,
    });
  }

  it('says at once that a new address could not be reached, naming a failing gateway as a cause', async () => {
    const { page } = session;
    session.allowConsoleErrors(/CORS|Failed to load|503|net::ERR_FAILED/);
    const { project, object } = await smallModelWithChildren();
    await setRemoteFault({ status: 503, times: 20 });
    try {
      await openApp(page);
      await useServer(page, remote.url);
      const requests = recordRequestTimes(page, (url) => url.pathname.includes('/objects/'));
      await lookUp(page, project.id, object.id, 'Get object');
      await expectAlert(page, /Could not reach .*502, 503 and 504/);
      // Never answered, so most likely a wrong address: no round of retries first (the alert
      // would come only after them, with 3 more requests), only the other base form (`/api`) once.
      expect(requests).toHaveLength(2);
      expect(await alertText(page)).not.toMatch(/answered earlier/);
    } finally {
      await setRemoteFault(null);
    }
  });

  it('retries a server that answered before when its gateway fails without CORS headers, then offers Retry', async () => {
    const { page } = session;
    session.allowConsoleErrors(/CORS|Failed to load|503|net::ERR_FAILED/);
    const first = await smallModelWithChildren();
    // Another object: the first one's answer is cached.
    const second = await findDemoObject(
      'a second public object',
      (object, project) => project.id === first.project.id && object.id !== first.object.id,
    );
    await page.clock.install();
    await openApp(page);
    await useServer(page, remote.url);
    await lookUp(page, first.project.id, first.object.id, 'Get object');
    await waitForObjectShown(page, first.object.id);
    await pauseClock(page);
    await setRemoteFault({ status: 503, times: 20 });
    try {
      const requests = recordRequestTimes(page, (url) => url.pathname.includes('/objects/'));
      await lookUp(page, second.project.id, second.object.id, 'Get object');

      const steps = await followCountdown(page, (_status, alerts) => alerts !== '', {
        skipPauses: true,
      });
      expect(steps.every((step) => /Could not reach the server/.test(step.status))).toBe(true);
      await expectAlert(page, /Could not reach .*answered earlier.*502, 503 and 504/);
      // Every attempt went to the address that had answered: no detour to `/api`.
      expectRetriesThenGiveUp(steps, requests);
      expect(await page.getByRole('textbox', { name: 'Object ID' }).inputValue()).toBe(
        second.object.id,
      );
      await setRemoteFault(null);
      await page.getByRole('alert').getByRole('button', { name: 'Retry', exact: true }).click();
      await waitForObjectShown(page, second.object.id);
    } finally {
      await setRemoteFault(null);
    }
  });

  it('says an address that serves a web page is not a Speckle API', async () => {
    const { page } = session;
    const { project, object } = await smallModelWithChildren();
    await openApp(page);
    // The app's own origin answers every path with its index.html, as a web frontend does.
    await useServer(page, appUrl());

    await lookUp(page, project.id, object.id, 'Get object');

    await expectAlert(page, /web page instead of Speckle data/);
  });

  it('says when the browser is offline, and keeps the ids', async () => {
    const { page, context } = session;
    session.allowConsoleErrors(/ERR_INTERNET_DISCONNECTED/);
    const { project, object } = await smallModelWithChildren();
    await openApp(page);
    await context.setOffline(true);

    await lookUp(page, project.id, object.id, 'Get object');

    await expectAlert(page, /reports that it is offline.*Could not reach/);
    expect(await page.getByRole('textbox', { name: 'Object ID' }).inputValue()).toBe(object.id);
  });

  it('asks for a token when a private project is read without one', async () => {
    const { page } = session;
    session.allowConsoleErrors(/401/);
    const { object } = await smallModelWithChildren();
    await openApp(page);
    await setToken(page, '');

    await lookUp(page, PRIVATE_PROJECT_ID, object.id, 'Get object');

    await expectAlert(page, /needs a token \(401\)/);
  });

  it.each([
    ['spaces', 'abc def'],
    ['slashes and dots', '../../api/ping'],
    ['percent signs', '100%25%2F%zz'],
    ['unicode', 'obj\u00e9ct-\u6f22-\ud83d\ude00'],
    ['10,000 characters', 'a'.repeat(10_000)],
  ])('refuses an object id with %s before any request, and keeps it', async (_case, objectId) => {
    const { page } = session;
    const { project } = await smallModelWithChildren();
    const paths: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/demo-server/')) paths.push(new URL(request.url()).pathname);
    });
    await openApp(page);

    await lookUp(page, project.id, objectId, 'Get object');

    await expect.poll(() => alertText(page)).toMatch(/^Check the Object ID: An object id has 32/);
    expect(await page.getByRole('textbox', { name: 'Object ID' }).inputValue()).toBe(objectId);
    expect(paths.filter((path) => path.includes('/objects/'))).toEqual([]);
  });
});
