import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  afterPaints,
  alertText,
  lookUp,
  lookUpHeldOpen,
  editConnection,
  openApp,
  setToken,
  waitForCompleteCount,
  waitForObjectShown,
} from './support/app.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { failedResourceStatus, usePageSession } from './support/browser.ts';
import { searchBox, searchResults } from './support/search.ts';
import { GENERATED_ROOT_IDS, PUBLIC_PROJECT_ID } from '../../demo/catalog.ts';
import { DEMO_MODELS, DEMO_VERSIONS } from '../../demo/history.ts';
import { findDemoObject, smallModelWithChildren, tenThousandObjectModel } from './support/demo.ts';

/** The colour of the left edge of the page's one alert, as drawn. */
function frameColour(page: Page): Promise<string> {
  return page.getByRole('alert').evaluate((alert) => getComputedStyle(alert).borderLeftColor);
}

/** The theme's danger colour, as drawn. */
function dangerColour(page: Page): Promise<string> {
  return page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--danger)';
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  });
}

describe('accessibility (axe-core, WCAG 2.1 AA: no serious or critical violations)', () => {
  const session = usePageSession();

  async function loadWithChildren(page: Page): Promise<void> {
    const { project, object } = await smallModelWithChildren();
    await openApp(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, object.objectCount);
    await waitForObjectShown(page, object.id);
  }

  /** A result with missing objects, with "What's in it" and the integrity findings open. */
  async function openResultPanels(page: Page): Promise<void> {
    const { project, object } = await findDemoObject('brep root', ({ label }) =>
      label.startsWith('Brep'),
    );
    await openApp(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForObjectShown(page, object.id);
    await page.getByText('What’s in it', { exact: true }).click();
    await page.getByRole('table', { name: 'Objects and bytes per type' }).waitFor();
    await page
      .getByRole('button', { name: /^Show only / })
      .first()
      .click();
    const integrity = page.getByText(/^Closure integrity: \d+ missing/);
    await integrity.waitFor({ timeout: 20_000 });
    await integrity.click();
    await page.getByRole('list', { name: 'Missing objects' }).waitFor();
  }

  async function loadSingle(page: Page): Promise<void> {
    const { project, object } = await smallModelWithChildren();
    await openApp(page);
    await lookUp(page, project.id, object.id, 'Get object');
    await waitForObjectShown(page, object.id);
  }

  async function showSearchResults(page: Page): Promise<void> {
    await loadWithChildren(page);
    await searchBox(page).fill('level');
    await searchResults(page).getByRole('option').first().waitFor({ timeout: 20_000 });
  }

  async function openFiles(page: Page): Promise<void> {
    const lines = [
      JSON.stringify({ id: 'a'.repeat(32), name: 'one', speckle_type: 'Base' }),
      '{"broken": ',
      JSON.stringify({ id: 'b'.repeat(32), name: 'two', speckle_type: 'Base' }),
    ];
    await openApp(page);
    await page.getByLabel('Open file').setInputFiles({
      name: 'dump.ndjson',
      mimeType: 'application/x-ndjson',
      buffer: Buffer.from(`${lines.join('\n')}\n`),
    });
    await page.getByRole('combobox', { name: 'Root object' }).waitFor();
    await page.getByRole('alert').waitFor();
  }

  async function showSettings(page: Page): Promise<void> {
    await openApp(page);
    await editConnection(page);
    await page.getByRole('button', { name: 'Show token' }).click();
    await expect
      .poll(() => page.getByLabel('Access token', { exact: true }).getAttribute('type'))
      .toBe('text');
  }

  async function showVersion(page: Page): Promise<void> {
    const model = `/projects/${PUBLIC_PROJECT_ID}/models/${DEMO_MODELS.building}`;
    await openApp(page, `${model}@${DEMO_VERSIONS.building100}`);
    await waitForObjectShown(page, GENERATED_ROOT_IDS['public-100']!);
    const origin = page.getByRole('navigation', { name: 'Version' });
    await origin.getByRole('link', { name: 'Previous version' }).waitFor();
    await origin.getByRole('link', { name: 'Next version' }).waitFor();
  }

  async function showComparison(page: Page, pairShown: boolean): Promise<void> {
    const from = GENERATED_ROOT_IDS['public-1000']!;
    const to = GENERATED_ROOT_IDS['public-1000/v2']!;
    await openApp(page, `/compare/${PUBLIC_PROJECT_ID}/${from}/${to}`);
    const status = page.getByRole('region', { name: 'Comparison' }).getByRole('status');
    await expect.poll(() => status.last().textContent(), { timeout: 30_000 }).toMatch(/ changed, /);
    if (!pairShown) return;
    await page.getByRole('combobox', { name: 'Kind of change' }).selectOption('Changed');
    await page
      .getByRole('button', { name: /^Show differences of / })
      .first()
      .click();
    await page.getByRole('table', { name: 'Property changes' }).waitFor();
  }

  async function showInvalidTokenError(page: Page): Promise<void> {
    session.allowConsoleErrors(failedResourceStatus(403));
    const { project, object } = await smallModelWithChildren();
    await openApp(page);
    await setToken(page, randomBytes(21).toString('hex'));
    await lookUp(page, project.id, object.id, 'Get object');
    await expect.poll(() => alertText(page), { timeout: 20_000 }).toMatch(/token/i);
  }

  type Reach = (page: Page) => Promise<void>;

  /** Every route and state the issue names, each reached as a user would. */
  const STATES: [string, Reach][] = [
    ['the empty app', (page) => openApp(page)],
    ['a single object loaded', loadSingle],
    ['an object with its children loaded', loadWithChildren],
    ['the overview and integrity panels open', openResultPanels],
    ['search results', showSearchResults],
    ['opened files, one with a bad line, the root picker shown', openFiles],
    ['the connection settings with the token shown', showSettings],
    [
      'a project',
      async (page) => {
        await openApp(page, `/projects/${PUBLIC_PROJECT_ID}`);
        await page.getByRole('list', { name: 'Models' }).waitFor();
      },
    ],
    [
      "a model's versions",
      async (page) => {
        await openApp(
          page,
          `/projects/${PUBLIC_PROJECT_ID}/models/${DEMO_MODELS.building}/versions`,
        );
        await page.getByRole('list', { name: 'Versions' }).waitFor();
      },
    ],
    ['a version with Previous and Next', showVersion],
    ['a comparison summary', (page) => showComparison(page, false)],
    ['a property diff', (page) => showComparison(page, true)],
    ['an error: an invalid token', showInvalidTokenError],
    [
      'an error: an object the server does not have',
      async (page) => {
        session.allowConsoleErrors(failedResourceStatus(404));
        const { project } = await smallModelWithChildren();
        await openApp(page);
        await lookUp(page, project.id, 'f'.repeat(32), 'Get object');
        await expect.poll(() => alertText(page), { timeout: 20_000 }).not.toBe('');
      },
    ],
    [
      'an error: a project the server does not have',
      async (page) => {
        await openApp(page, '/projects/0000000000');
        await expect.poll(() => alertText(page), { timeout: 20_000 }).not.toBe('');
      },
    ],
    [
      'an error: an address that is no page',
      async (page) => {
        await openApp(page, '/no/such/page');
        await page.getByRole('heading', { name: 'No such page' }).waitFor();
      },
    ],
  ];

  describe.each([
    { width: 1400, height: 900 },
    { width: 400, height: 800 },
  ])('at $width × $height', (size) => {
    it.each(STATES)('%s', async (state, reach) => {
      await session.page.setViewportSize(size);
      await reach(session.page);

      await expectNoSeriousViolations(session.page, `${state}, ${size.width} × ${size.height}`);
    });
  });

  it('tells a cancelled load in neutral colours, and an error in the danger colour', async () => {
    const { page } = session;
    session.allowConsoleErrors(failedResourceStatus(403));
    const { project, object } = await smallModelWithChildren();
    await lookUpHeldOpen(page, project.id, object.id, 2);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect.poll(() => alertText(page)).toMatch(/cancelled/);
    expect(await frameColour(page)).not.toBe(await dangerColour(page));

    await setToken(page, randomBytes(21).toString('hex'));
    await lookUp(page, project.id, object.id, 'Get object');
    await expect.poll(() => alertText(page), { timeout: 20_000 }).toMatch(/token/i);
    expect(await frameColour(page)).toBe(await dangerColour(page));
  });

  it("announces a load's start, a few milestones and its end, while the counter counts on", async () => {
    const { page } = session;
    const { project, object } = await tenThousandObjectModel();
    await openApp(page);
    // Every text each live region and the counter take, as a screen reader would be told them.
    await page.evaluate(() => {
      const heard: Record<string, string[]> = { live: [], load: [], counter: [] };
      (window as unknown as { heard: typeof heard }).heard = heard;
      const seen = new Map<Element, string>();
      new MutationObserver(() => {
        const regions = document.querySelectorAll('[aria-live], [role="status"], [role="alert"]');
        for (const region of regions) {
          const text = region.textContent ?? '';
          if (seen.get(region) === text) continue;
          seen.set(region, text);
          if (text === '') continue;
          const live = (region.getAttribute('aria-live') ?? 'polite') !== 'off';
          if (!region.closest('[aria-label="Result"]')) continue;
          heard[live ? 'live' : 'counter']!.push(text);
          // The load's own announcer, beside its counter; other regions (the closure check's
          // verdict) may speak after the load's end.
          if (live && region.closest('.status-row')) heard.load!.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, object.objectCount);
    await afterPaints(page);

    const heard = await page.evaluate(
      () =>
        (window as unknown as { heard: { live: string[]; load: string[]; counter: string[] } })
          .heard,
    );
    expect(heard.live[0]).toBe('Loading objects…');
    expect(heard.load[0]).toBe('Loading objects…');
    expect(heard.load.at(-1)).toBe('Loaded: 10,000 objects.');
    expect(heard.load.length).toBeLessThanOrEqual(5);
    expect(heard.counter.length).toBeGreaterThan(heard.load.length);
  });

  describe('in the dark theme', () => {
    it('an object with its children loaded', async () => {
      await session.page.emulateMedia({ colorScheme: 'dark' });
      await loadWithChildren(session.page);

      await expectNoSeriousViolations(session.page, 'dark theme, with children');
    });

    it('the overview and integrity panels open', async () => {
      await session.page.emulateMedia({ colorScheme: 'dark' });
      await openResultPanels(session.page);

      await expectNoSeriousViolations(session.page, 'dark theme, result panels open');
    });

    it('an error (invalid token)', async () => {
      await session.page.emulateMedia({ colorScheme: 'dark' });
      await showInvalidTokenError(session.page);

      await expectNoSeriousViolations(session.page, 'dark theme, error');
    });
  });
});
