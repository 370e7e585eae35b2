import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  afterPaints,
  alertText,
  download,
  lookUp,
  waitForCompleteCount,
  openApp,
  parseStatus,
  receivedObjects,
  renderedOptionIds,
  statusText,
  waitForObjectShown,
  waitForStatus,
  watchIndexers,
} from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import { expectSameBytes } from './support/bytes.ts';
import {
  clearFaults,
  fetchRawBody,
  setFault,
  splitLines,
  smallModelWithChildren,
  thousandObjectModel,
} from './support/demo.ts';

// A with-children body that stops early: Chromium may log the broken transfer as a net error.
const BROKEN_STREAM = /Failed to load resource: net::ERR_/;

async function statusAndAlerts(page: Page): Promise<string> {
  return `${await statusText(page)} | ${await alertText(page)}`;
}

async function receivedCount(page: Page): Promise<number | undefined> {
  return parseStatus(await statusText(page))?.received;
}

/**
 * What was typed stays in the form, and the next lookup (a small model, with children) loads in
 * full: a broken download leaves the app usable.
 */
async function expectIdsKeptAndNextLookupWorks(
  page: Page,
  typed: { projectId: string; objectId: string },
): Promise<void> {
  expect(await page.getByRole('textbox', { name: 'Project ID' }).inputValue()).toBe(
    typed.projectId,
  );
  expect(await page.getByRole('textbox', { name: 'Object ID' }).inputValue()).toBe(typed.objectId);
  await clearFaults();
  const { project, object } = await smallModelWithChildren();
  await lookUp(page, project.id, object.id, 'Get with children');
  await waitForCompleteCount(page, object.objectCount);
  await waitForObjectShown(page, object.id);
  expect(await alertText(page)).toBe('');
}

describe('streaming: progress, cancel and broken streams', () => {
  const session = usePageSession();

  it('shows "N of 1000 objects" while a slow stream loads, and Cancel keeps what arrived', async () => {
    const { page } = session;
    const { project, object } = await thousandObjectModel();
    // A stream that stalls after 100 objects: as slow as a test needs, however fast the machine.
    await setFault({ holdAfter: 100 });
    await openApp(page);
    const indexers = await watchIndexers(page);
    await lookUp(page, project.id, object.id, 'Get with children');

    await waitForStatus(
      page,
      (count) => count.total === 1000 && count.received > 0 && count.received < 1000,
      20_000,
    );
    await waitForObjectShown(page, object.id);
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();

    await expect
      .poll(() => statusAndAlerts(page), { timeout: 10_000 })
      .toMatch(/cancel|incomplete|stopped/i);
    const afterCancel = parseStatus(await statusText(page));
    expect(afterCancel?.received).toBeGreaterThan(0);
    expect(afterCancel?.received).toBeLessThan(1000);
    // The worker, the only source of objects, ends with the cancel.
    await indexers[0]!.closed;
    await afterPaints(page);
    expect(parseStatus(await statusText(page))?.received).toBe(afterCancel?.received);
    expect(await page.getByRole('button', { name: 'Cancel', exact: true }).count()).toBe(0);
    expect((await renderedOptionIds(page)).length).toBeGreaterThan(0);
    await waitForObjectShown(page, object.id);
    await expectIdsKeptAndNextLookupWorks(page, { projectId: project.id, objectId: object.id });
  });

  it('keeps the objects received before the connection drops and marks the result incomplete when the connection drops', async () => {
    const { page } = session;
    session.allowConsoleErrors(BROKEN_STREAM);
    const { project, object } = await thousandObjectModel();
    await setFault({ dropAfter: 300 });
    await openApp(page);

    await lookUp(page, project.id, object.id, 'Get with children');

    await expect
      .poll(() => alertText(page), { timeout: 30_000 })
      .toMatch(/incomplete|stopped|interrupted|cut|lost|dropped|ended early/i);
    await expect.poll(() => statusText(page)).toMatch(/incomplete/i);
    // The demo server flushes 300 objects before cutting the socket, but a browser may drop the
    // last bytes it held when the connection errors: what counts is that what arrived stays.
    const received = await receivedCount(page);
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThanOrEqual(300);
    expect(parseStatus(await statusText(page))?.total).toBe(1000);
    await receivedObjects(page).waitFor();
    expect((await renderedOptionIds(page)).length).toBeGreaterThan(0);
    await waitForObjectShown(page, object.id);
    await expectIdsKeptAndNextLookupWorks(page, { projectId: project.id, objectId: object.id });
  });

  it('asks the server again when Get with children is pressed after the stream was cut', async () => {
    const { page } = session;
    session.allowConsoleErrors(BROKEN_STREAM);
    const { project, object } = await thousandObjectModel();
    await setFault({ dropAfter: 300 });
    await openApp(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await expect.poll(() => statusText(page), { timeout: 30_000 }).toMatch(/incomplete/);

    await page.getByRole('button', { name: 'Get with children', exact: true }).click();

    await waitForCompleteCount(page, 1000, 60_000);
    expect(await alertText(page)).toBe('');
  });

  it('asks the server again when Get with children is pressed after an object that is not valid JSON', async () => {
    const { page } = session;
    const { project, object } = await thousandObjectModel();
    await setFault({ cutTextAfter: 10 });
    await openApp(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, 1000, 60_000);
    expect(await statusText(page)).toMatch(/ — 1 object is not valid JSON$/);

    await page.getByRole('button', { name: 'Get with children', exact: true }).click();

    await expect
      .poll(() => statusText(page), { timeout: 60_000 })
      .toMatch(/^1,000 objects, [^—]*$/);
  });

  it('keeps all 50 objects before a malformed line and reports the problem', async () => {
    const { page } = session;
    session.allowConsoleErrors(BROKEN_STREAM);
    const { project, object } = await thousandObjectModel();
    await setFault({ malformedAfter: 50 });
    await openApp(page);

    await lookUp(page, project.id, object.id, 'Get with children');

    await expect
      .poll(() => alertText(page), { timeout: 30_000 })
      .toMatch(/line|malformed|cannot read|invalid/i);
    await expect.poll(() => statusText(page)).toMatch(/incomplete/i);
    // All 50 well-formed lines before the garbage line arrived and must be kept.
    await expect.poll(() => receivedCount(page)).toBe(50);
    expect(parseStatus(await statusText(page))?.total).toBe(1000);
    expect((await renderedOptionIds(page)).length).toBeGreaterThan(0);
    await waitForObjectShown(page, object.id);
    await expectIdsKeptAndNextLookupWorks(page, { projectId: project.id, objectId: object.id });
  });

  it('lists an object whose text arrived cut short, says so, and downloads its bytes as received', async () => {
    const { page } = session;
    const { project, object } = await thousandObjectModel();
    // The fault cuts the next text-mode answer only: once for the reference body, once for the app.
    await setFault({ cutTextAfter: 10 });
    const linesBody = await fetchRawBody(project.id, object.id, 'lines');
    const cut = splitLines(linesBody)[10]!;
    expect(cut.raw.endsWith('}')).toBe(false);
    await setFault({ cutTextAfter: 10 });
    await openApp(page);

    await lookUp(page, project.id, object.id, 'Get with children');

    await waitForCompleteCount(page, 1000, 60_000);
    expect(await statusText(page)).toMatch(/^1,000 objects, .* — 1 object is not valid JSON$/);
    expect(await alertText(page)).toBe('');
    const option = receivedObjects(page).getByRole('option', { name: new RegExp(cut.id) });
    await expect.poll(() => option.textContent()).toMatch(/not valid JSON$/);
    expect(
      await receivedObjects(page).getByRole('option').filter({ hasText: 'not valid JSON' }).count(),
    ).toBe(1);

    const integrity = page.getByText(/^Closure integrity: /);
    await expect.poll(() => integrity.textContent()).toBe('Closure integrity: 1 not valid JSON');
    await integrity.click();
    await expect
      .poll(() => page.getByText(/not valid JSON: its text arrived cut short/).count())
      .toBe(1);
    const listed = page.getByRole('list', { name: 'Objects that are not valid JSON' });
    expect(await listed.getByRole('button').allTextContents()).toEqual([cut.id]);

    const linesFile = await download(page, 'Download server lines (id, tab, JSON)');
    expectSameBytes(linesFile.bytes, linesBody, 'JSON lines vs the cut text-mode body');

    await option.click();
    await expect
      .poll(() => page.getByRole('article').textContent())
      .toContain("This object's text is not valid JSON");
  });
});
