import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LARGE_PROJECT_ID, PRIVATE_PROJECT_ID, PUBLIC_PROJECT_ID } from '../../demo/catalog.ts';
import {
  DEMO_HISTORY,
  DEMO_LINKS,
  DEMO_MODELS,
  DEMO_VERSIONS,
  LONG_HISTORY_MODEL,
} from '../../demo/history.ts';
import {
  alertText,
  connectionRegion,
  demoToken,
  openApp,
  openFromList,
  pasteInto,
  renderedOptionIds,
  setToken,
  waitForObjectShown,
} from './support/app.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { failedResourceStatus, usePageSession } from './support/browser.ts';
import { demoBase } from './support/demo.ts';

/** The root object a demo version points to. */
function rootOf(versionId: string): string {
  for (const model of DEMO_HISTORY) {
    const version = model.versions.find((candidate) => candidate.id === versionId);
    if (version?.referencedObject) return version.referencedObject;
  }
  throw new Error(`No demo version ${versionId} with a root`);
}

function linkPath(label: string): string {
  const link = DEMO_LINKS.find((candidate) => candidate.label === label);
  if (!link) throw new Error(`No demo link “${label}”`);
  return link.path;
}

/** The requests the page sends to `base` from now on, as "METHOD url". */
function serverRequests(page: Page, base: string): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${base}/`) && !request.url().endsWith('/explorer-setup.js')) {
      sent.push(`${request.method()} ${request.url()}`);
    }
  });
  return sent;
}

describe('Speckle links of every form', () => {
  const session = usePageSession();

  async function expectPath(page: Page, path: string) {
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(path);
  }

  // Each link opens one root at its viewer address, the web app's own: a legacy link moves there.
  const { building, revitFloor } = DEMO_MODELS;
  it.each([
    ['A version of a model', building, 'a01b2c3d42'],
    ['Legacy commit', revitFloor, 'f10a000001'],
    ['Embedded commit', building, 'a01b2c3d43'],
  ])(
    'pastes “%s”, sends nothing, and on Enter loads its root with children',
    async (label, modelId, versionId) => {
      const { page } = session;
      await openApp(page);
      const sent = serverRequests(page, demoBase());
      await pasteInto(page, 'Object ID', `${demoBase()}${linkPath(label)}`);
      await page.getByText(/^The link names/).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(sent).toEqual([]);

      await page.keyboard.press('Enter');
      await expectPath(page, `/projects/${PUBLIC_PROJECT_ID}/models/${modelId}@${versionId}`);
      await waitForObjectShown(page, rootOf(versionId));
      expect(sent[0]).toBe(`POST ${demoBase()}/graphql`);
    },
  );

  it('asks before contacting the unsaved server a route names, and sends it no token', async () => {
    const { page } = session;
    const other = 'https://unknown.example';
    await page.route(`${other}/**`, (route) =>
      route.fulfill({
        status: 404,
        headers: { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' },
      }),
    );
    session.allowConsoleErrors(new RegExp(`${failedResourceStatus(404).source}.* @ ${other}/`));
    const sent = serverRequests(page, other);
    const tokens: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(other)) tokens.push(request.headers()['authorization']);
    });
    await openApp(page, `/projects/${PUBLIC_PROJECT_ID}?server=${encodeURIComponent(other)}`);
    const prompt = page.getByRole('region', { name: `Add server ${other}?` });
    await expect
      .poll(() => prompt.textContent())
      .toMatch(`${other} is not one of your saved servers, so nothing has been sent to it.`);
    expect(await prompt.textContent()).toMatch(
      'the access token of Demo server is not sent to it.',
    );
    expect(sent).toEqual([]);

    await prompt.getByRole('button', { name: `Add server ${other} and connect` }).click();
    await expect.poll(() => sent).toContain(`POST ${other}/graphql`);
    expect(tokens.filter((token) => token !== undefined)).toEqual([]);
  });

  it('keeps a version at its viewer address through Previous, Back, Forward and reload', async () => {
    const { page } = session;
    const model = `/projects/${PUBLIC_PROJECT_ID}/models/${building}`;
    const { building100, building1000 } = DEMO_VERSIONS;
    await openApp(page, `${model}@${building1000}`);
    await waitForObjectShown(page, rootOf(building1000));
    const origin = page.getByRole('navigation', { name: 'Version' });
    await origin.getByRole('link', { name: 'Previous version' }).click();
    await expectPath(page, `${model}@${building100}`);
    await waitForObjectShown(page, rootOf(building100));
    await expect.poll(() => origin.textContent()).toMatch(/“Second level and the doors”/);

    await page.goBack();
    await expectPath(page, `${model}@${building1000}`);
    await waitForObjectShown(page, rootOf(building1000));
    await page.goForward();
    await expectPath(page, `${model}@${building100}`);
    await waitForObjectShown(page, rootOf(building100));

    // Where the version came from is read from the address: a reload keeps it.
    await page.reload();
    await waitForObjectShown(page, rootOf(building100));
    await expect.poll(() => origin.textContent()).toMatch(/“Second level and the doors”/);
    await expect.poll(() => origin.getByRole('link', { name: 'Next version' }).count()).toBe(1);

    // Moving within the result stays at the version's address, under its bar. The list may show
    // the root alone for a moment after the reload: a child is picked once one is drawn.
    const children = async () =>
      (await renderedOptionIds(page)).filter((id) => id !== rootOf(building100));
    await expect.poll(async () => (await children()).length).toBeGreaterThan(0);
    const [child] = await children();
    await openFromList(page, child!);
    await waitForObjectShown(page, child!);
    await expectPath(page, `${model}@${building100}`);
    expect(new URL(page.url()).searchParams.get('object')).toBe(child);
    await expect.poll(() => origin.textContent()).toMatch(/“Second level and the doors”/);
  });

  it('steps to the versions around one deep in a history of 1,000', async () => {
    const { page } = session;
    const model = `/projects/${LARGE_PROJECT_ID}/models/${LONG_HISTORY_MODEL}`;
    await openApp(page, `${model}@1a7e5e01f3`);
    const origin = page.getByRole('navigation', { name: 'Version' });
    await expect.poll(() => origin.textContent(), { timeout: 15_000 }).toMatch(/“Version 500”/);
    // The demo lists a model's every version in no date order, as the real server may.
    await expect
      .poll(() => origin.getByRole('link', { name: 'Next version' }).getAttribute('href'))
      .toBe(`${model}@1a7e5e01f4`);
    await origin.getByRole('link', { name: 'Previous version' }).click();
    await expectPath(page, `${model}@1a7e5e01f2`);
    await expect.poll(() => origin.textContent()).toMatch(/“Version 499”/);
  });

  it("compares a version with the one before it from the model's versions", async () => {
    const { page } = session;
    await openApp(page, `/projects/${PUBLIC_PROJECT_ID}/models/${building}/versions`);
    const row = page
      .getByRole('list', { name: 'Versions' })
      .getByRole('listitem', { name: /Comments on a few elements/ });
    await row.getByRole('button', { name: 'Compare with previous version' }).waitFor();
    await expectNoSeriousViolations(page, "a model's versions");
    await row.getByRole('button', { name: 'Compare with previous version' }).click();
    const { building1000, building1000Changed } = DEMO_VERSIONS;
    await expectPath(
      page,
      `/compare/${PUBLIC_PROJECT_ID}/${building}@${building1000}/${building}@${building1000Changed}`,
    );
    const status = page.getByRole('region', { name: 'Comparison' }).getByRole('status');
    await expect
      .poll(() => status.last().textContent(), { timeout: 30_000 })
      .toMatch(/^0 added, 0 removed, [1-9]\d* changed/);
  });

  it('pastes a link to several models and offers the choice', async () => {
    const { page } = session;
    await openApp(page);
    await pasteInto(page, 'Object ID', `${demoBase()}${linkPath('Several models')}`);
    await page.keyboard.press('Enter');
    const choice = page.getByRole('list', { name: 'Roots to choose from' });
    await choice.getByRole('link', { name: 'real data/blender cube' }).click();
    await waitForObjectShown(page, '1d060c69832c77c34ccc08e7955c132d');
  });

  it('opens a legacy branch on its versions, and a version from there', async () => {
    const { page } = session;
    await openApp(page);
    await pasteInto(
      page,
      'Object ID',
      `${demoBase()}/streams/${PUBLIC_PROJECT_ID}/branches/building`,
    );
    await page.keyboard.press('Enter');
    const versions = page.getByRole('list', { name: 'Versions' });
    const row = versions.getByRole('listitem', { name: /Second level and the doors/ });
    await row.getByRole('button', { name: 'Get with children' }).click();
    await waitForObjectShown(page, rootOf('a01b2c3d42'));
    const origin = page.getByRole('navigation', { name: 'Version' });
    await expect.poll(() => origin.textContent()).toMatch(/“Second level and the doors”/);
    await origin.getByRole('link', { name: 'Previous version' }).click();
    await waitForObjectShown(page, rootOf('a01b2c3d41'));
  });

  it("opens an embedded branch on its model's newest version, as the web app does", async () => {
    const { page } = session;
    await openApp(page, linkPath('Embedded branch'));
    await expectPath(page, `/projects/${PUBLIC_PROJECT_ID}/models/${building}`);
    await waitForObjectShown(page, rootOf(DEMO_VERSIONS.building1000Changed));
    const origin = page.getByRole('navigation', { name: 'Version' });
    await expect.poll(() => origin.textContent()).toMatch(/“Comments on a few elements”/);
  });

  it('browses a project of 1,000 models a page at a time', async () => {
    const { page } = session;
    await openApp(page, `/projects/${LARGE_PROJECT_ID}`);
    const models = page.getByRole('list', { name: 'Models' }).getByRole('listitem');
    await expect.poll(() => models.count(), { timeout: 15_000 }).toBe(50);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => models.count()).toBe(100);
  });

  it('says why a link opens nothing', async () => {
    const { page } = session;
    await openApp(page);
    await pasteInto(
      page,
      'Object ID',
      `${demoBase()}${linkPath('A version beyond the history limit')}`,
    );
    await page.keyboard.press('Enter');
    await expect.poll(() => alertText(page)).toMatch(/withholds the data of version/);

    await setToken(page, '');
    await pasteInto(
      page,
      'Object ID',
      `${demoBase()}${linkPath('A model of the private project')}`,
    );
    await page.keyboard.press('Enter');
    await expect.poll(() => alertText(page)).toMatch(/is private: enter an access token/);
  });

  it('says a model of a version list does not exist, and opens the project’s models from there', async () => {
    const { page } = session;
    await openApp(page, `/projects/${PUBLIC_PROJECT_ID}/models/ffffffffff/versions`);
    await expect
      .poll(() => alertText(page))
      .toBe(
        `Model ffffffffff does not exist in project ${PUBLIC_PROJECT_ID}. Open the models of project ${PUBLIC_PROJECT_ID}`,
      );
    await page
      .getByRole('alert')
      .getByRole('link', { name: `Open the models of project ${PUBLIC_PROJECT_ID}` })
      .click();
    await expectPath(page, `/projects/${PUBLIC_PROJECT_ID}`);
    await page.getByRole('list', { name: 'Models' }).waitFor();
  });

  it("names the server and the demo token's account in the connection", async () => {
    const { page } = session;
    await openApp(page);
    await connectionRegion(page).getByRole('button', { name: 'Who is this token?' }).click();
    await expect
      .poll(() => connectionRegion(page).textContent())
      .toMatch(/Server “.+”, signed in as Alice/);
  });

  /** The catalogue of links, on the start page. */
  async function demoCatalogue(page: Page) {
    await openApp(page);
    return page.getByRole('navigation', { name: 'Example Speckle links' });
  }

  it("opens the demo catalogue's links of every form", async () => {
    const { page } = session;
    await (await demoCatalogue(page)).getByRole('link', { name: 'Legacy commit' }).click();
    await waitForObjectShown(page, rootOf('f10a000001'));
    await (await demoCatalogue(page)).getByRole('link', { name: "A model's versions" }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Versions' }).getByRole('listitem').count())
      .toBe(5);
  });

  it('never puts the token in a URL', async () => {
    const { page } = session;
    const token = await demoToken();
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    await openApp(page);
    // The tower's first version (1,000 objects): its newest has 100,000.
    const { tower } = DEMO_MODELS;
    const { tower1000 } = DEMO_VERSIONS;
    await pasteInto(
      page,
      'Object ID',
      `${demoBase()}/projects/${PRIVATE_PROJECT_ID}/models/${tower}@${tower1000}`,
    );
    await page.keyboard.press('Enter');
    await waitForObjectShown(page, rootOf(tower1000));
    expect([...urls, page.url()].filter((url) => url.includes(token))).toEqual([]);
  });
});
