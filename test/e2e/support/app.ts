import { expect } from 'vitest';
import type { Locator, Page, Worker } from 'playwright-core';
import { demoBase, getManifest, setFault } from './demo.ts';

export type LookupButton = 'Get object' | 'Get with children';

const NUMBER = String.raw`(\d[\d,\u00a0\u202f]*)`;
const PROGRESS = new RegExp(String.raw`${NUMBER}\s+of\s+${NUMBER}\s+objects?\b`);
const DONE = new RegExp(String.raw`${NUMBER}\s+objects?\b`);

function digits(text: string): number {
  return Number(text.replace(/\D/g, ''));
}

export interface StatusCount {
  received: number;
  /** Present while loading ("N of M objects") and on an incomplete result. */
  total?: number;
  text: string;
}

/** Reads "N of M objects" / "N objects" (with or without thousands separators) from a status text. */
export function parseStatus(text: string): StatusCount | null {
  const progress = PROGRESS.exec(text);
  if (progress) return { received: digits(progress[1]!), total: digits(progress[2]!), text };
  const done = DONE.exec(text);
  if (done) return { received: digits(done[1]!), text };
  return null;
}

export function statusRegion(page: Page): Locator {
  return page.getByRole('status');
}

/** Text of every status region (without waiting: for expect.poll). */
export async function statusText(page: Page): Promise<string> {
  return (await statusRegion(page).allTextContents()).join(' | ');
}

export async function alertText(page: Page): Promise<string> {
  return (await page.getByRole('alert').allTextContents()).join(' | ');
}

export async function waitForStatus(
  page: Page,
  accept: (count: StatusCount) => boolean,
  timeout = 30_000,
): Promise<StatusCount> {
  let last: StatusCount | null = null;
  await expect
    .poll(
      async () => {
        last = parseStatus(await statusText(page));
        return last !== null && accept(last);
      },
      { timeout, interval: 100 },
    )
    .toBe(true);
  return last!;
}

/** Waits until the status says "N objects" (finished, complete) with N = expected. */
export function waitForCompleteCount(page: Page, expected: number, timeout = 30_000) {
  return waitForStatus(
    page,
    (count) => count.total === undefined && count.received === expected,
    timeout,
  ).catch(async (error: unknown) => {
    throw new Error(
      `Status never read "${expected} objects". Status: "${await statusText(page)}"; ` +
        `alerts: "${await alertText(page)}"`,
      { cause: error },
    );
  });
}

/** The sidebar's connection: one line (name, address, token or not, Edit) or its editor. */
/** The closure check's one-line summary, which opens its details when clicked. */
export function integritySummary(page: Page): Locator {
  return page.getByText(/^Closure integrity: /);
}

/**
 * Waits for the closure check to end and returns its findings. The check reads every text back
 * (from a file or the disk when kept there), which takes seconds on a busy machine.
 */
export async function integrityFindings(page: Page): Promise<string> {
  await expect
    .poll(() => integritySummary(page).textContent(), { timeout: 30_000 })
    .not.toMatch(/checking|waits/);
  return ((await integritySummary(page).textContent()) ?? '').replace('Closure integrity: ', '');
}

export function connectionRegion(page: Page): Locator {
  return page.getByRole('region', { name: 'Connection' });
}

/**
 * Opens the app and waits for the saved "Demo server" connection to be selected, its token set, so
 * a test starts from the state a first-time visitor sees.
 */
export async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect
    .poll(() => connectionRegion(page).getByRole('paragraph').textContent(), { timeout: 15_000 })
    .toBe(`Demo server ${demoBase()} token set`);
}

/** Opens the connection's editor if it is folded to one line. */
export async function editConnection(page: Page): Promise<void> {
  const edit = page.getByRole('button', { name: 'Edit connection' });
  if (await edit.isVisible()) await edit.click();
}

export async function fillIds(page: Page, projectId: string, objectId: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Project ID' }).fill(projectId);
  await page.getByRole('textbox', { name: 'Object ID' }).fill(objectId);
}

export async function lookUp(
  page: Page,
  projectId: string,
  objectId: string,
  button: LookupButton,
): Promise<void> {
  await fillIds(page, projectId, objectId);
  await page.getByRole('button', { name: button, exact: true }).click();
}

/**
 * Starts loading an object with children in a freshly opened app, on a stream the server holds open
 * after `heldAfter` objects until the test ends: a load that goes on while the test acts, on any
 * machine, without waiting out a slowed stream.
 */
export async function lookUpHeldOpen(
  page: Page,
  projectId: string,
  objectId: string,
  heldAfter: number,
): Promise<void> {
  await setFault({ holdAfter: heldAfter });
  await openApp(page);
  await lookUp(page, projectId, objectId, 'Get with children');
}

export async function setToken(page: Page, token: string): Promise<void> {
  await editConnection(page);
  await page.getByLabel('Access token', { exact: true }).fill(token);
}

export async function demoToken(): Promise<string> {
  return (await getManifest()).token;
}

/** The tree's heading names the shown object by short type and id. */
export function objectHeading(page: Page, objectId: string): Locator {
  return page.getByRole('heading', { name: new RegExp(objectId) });
}

export async function waitForObjectShown(page: Page, objectId: string): Promise<void> {
  await objectHeading(page, objectId).waitFor({ state: 'visible', timeout: 30_000 });
}

export interface DownloadedFile {
  name: string;
  bytes: Buffer;
}

/** Clicks the button of that name, or the control given, and takes the file it downloads. */
export async function download(page: Page, control: string | Locator): Promise<DownloadedFile> {
  const [file] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    (typeof control === 'string'
      ? page.getByRole('button', { name: control, exact: true })
      : control
    ).click(),
  ]);
  const failure = await file.failure();
  if (failure) throw new Error(`Download "${String(control)}" failed: ${failure}`);
  // A browser the test is connected to (not one it launched) hands the file over as a stream.
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return { name: file.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

export function receivedObjects(page: Page): Locator {
  return page.getByRole('listbox', { name: 'Received objects' });
}

const ID_IN_LABEL = /\b[0-9a-f]{32}\b/;

export function idInOptionLabel(label: string): string | null {
  return ID_IN_LABEL.exec(label)?.[0] ?? null;
}

async function visibleOptionIds(list: Locator): Promise<string[]> {
  const labels = await list
    .getByRole('option')
    .evaluateAll((options) =>
      options.map((option) => option.getAttribute('aria-label') ?? option.textContent ?? ''),
    );
  return labels.map(idInOptionLabel).filter((id): id is string => id !== null);
}

/**
 * Every object id the "Received objects" list can show, scrolling through it step by step because
 * a virtualised list renders only the rows in view.
 */
export async function collectListedIds(page: Page): Promise<Set<string>> {
  const list = receivedObjects(page);
  await list.waitFor({ state: 'visible' });
  const ids = new Set(await visibleOptionIds(list));
  await list.evaluate((element) => {
    // The scrolling element is the listbox or its nearest scrollable ancestor.
    const scrolls = (node: HTMLElement) =>
      node.scrollHeight > node.clientHeight + 1 &&
      /auto|scroll|overlay/.test(getComputedStyle(node).overflowY);
    let node: HTMLElement | null = element as HTMLElement;
    while (node && !scrolls(node)) node = node.parentElement;
    (node ?? document.scrollingElement)?.setAttribute('data-e2e-scroller', '');
  });
  for (let step = 0; step < 10_000; step++) {
    const atEnd = await page.evaluate(async () => {
      const scroller = document.querySelector<HTMLElement>('[data-e2e-scroller]');
      if (!scroller) return true;
      const firstOption = () => scroller.querySelector('[role="option"]')?.textContent;
      const before = scroller.scrollTop;
      const firstBefore = firstOption();
      scroller.scrollTop = before + Math.max(50, scroller.clientHeight * 0.8);
      if (scroller.scrollTop === before) return true;
      // Wait (up to ~30 frames) for a virtualised list to render the rows now in view.
      for (let frame = 0; frame < 30 && firstOption() === firstBefore; frame++) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return false;
    });
    for (const id of await visibleOptionIds(list)) ids.add(id);
    if (atEnd) break;
  }
  await page.evaluate(async () => {
    const scroller = document.querySelector<HTMLElement>('[data-e2e-scroller]');
    if (!scroller) return;
    scroller.removeAttribute('data-e2e-scroller');
    scroller.scrollTop = 0;
    scroller.dispatchEvent(new Event('scroll'));
    // Let a virtualised list render the top rows before the caller looks at them.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  return ids;
}

/** Ids of the options the list renders right now (a virtualised list renders only some). */
export async function renderedOptionIds(page: Page): Promise<string[]> {
  return visibleOptionIds(receivedObjects(page));
}

export async function openFromList(page: Page, objectId: string): Promise<void> {
  await receivedObjects(page)
    .getByRole('option', { name: new RegExp(objectId) })
    .click();
}

export interface CountdownStep {
  attempt: number;
  of: number;
  /** The seconds the countdown showed when it was first read. */
  seconds: number;
  /** The whole status text it was read from. */
  status: string;
}

const COUNTDOWN = /trying again in (\d+) s \((\d+) of (\d+)\)/;

function countdownStep(status: string): CountdownStep | null {
  const match = COUNTDOWN.exec(status);
  if (!match) return null;
  const [seconds, attempt, of] = [match[1], match[2], match[3]].map(Number) as [
    number,
    number,
    number,
  ];
  return { attempt, of, seconds, status };
}

/**
 * Stops the page's clock, installed before the app opened (`page.clock.install()`): from then on its
 * timers fire only as the test moves the clock on, so a countdown on the page lasts as long as the
 * test says, however busy the machine is. The jump ahead only has to outrun the page's clock, which
 * runs with real time until it stops.
 */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
}

/** How far a paused clock moves on while a countdown is awaited: well under its 1 s steps. */
const CLOCK_STEP_MS = 100;

/**
 * Follows the app's automatic retries until `done` says so, returning each countdown as it first
 * appeared ("…; trying again in 4 s (3 of 3)…").
 *
 * With `skipPauses`, the page's clock must have been stopped before the lookup (`pauseClock`):
 * while waiting for the next countdown the clock moves on by a tenth of a second per look, so the
 * page cannot count down unseen; each pause is then skipped by moving the clock on by the seconds
 * the countdown shows. The clock runs again once `done`. The schedule itself is unit-tested with
 * fake timers (retryPolicy, loadObjectSet); one e2e test waits a real pause.
 */
export async function followCountdown(
  page: Page,
  done: (status: string, alerts: string) => boolean,
  { skipPauses = false, timeout = 30_000 } = {},
): Promise<CountdownStep[]> {
  const steps: CountdownStep[] = [];
  for (;;) {
    let status = '';
    let alerts = '';
    let step: CountdownStep | null = null;
    await expect
      .poll(
        async () => {
          status = await statusText(page);
          alerts = await alertText(page);
          if (done(status, alerts)) return true;
          step = countdownStep(status);
          const seen = step !== null && step.attempt !== steps.at(-1)?.attempt;
          if (!seen && skipPauses) await page.clock.runFor(CLOCK_STEP_MS);
          return seen;
        },
        { timeout, interval: 50 },
      )
      .toBe(true)
      .catch((error: unknown) => {
        throw new Error(`Still waiting. Status: "${status}"; alerts: "${alerts}"`, {
          cause: error,
        });
      });
    if (done(status, alerts)) {
      if (skipPauses) await page.clock.resume();
      return steps;
    }
    const shown = step as CountdownStep | null;
    if (!shown) continue;
    steps.push(shown);
    if (skipPauses) await page.clock.runFor(shown.seconds * 1000);
  }
}

/** When (Date.now()) the page sent each GET whose URL `matches`, in order. */
export function recordRequestTimes(page: Page, matches: (url: URL) => boolean): number[] {
  const times: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && matches(new URL(request.url()))) times.push(Date.now());
  });
  return times;
}

/**
 * The automatic retries the app promises, seen from outside: a countdown for each of 3 pauses,
 * starting at 1 s, 2 s and 4 s; then exactly 1 + 3 requests.
 */
export function expectRetriesThenGiveUp(steps: CountdownStep[], requestTimes: number[]): void {
  expect(steps.map(({ attempt, of, seconds }) => ({ attempt, of, seconds }))).toEqual([
    { attempt: 1, of: 3, seconds: 1 },
    { attempt: 2, of: 3, seconds: 2 },
    { attempt: 3, of: 3, seconds: 4 },
  ]);
  expect(requestTimes).toHaveLength(4);
}

const INDEXER = /indexWorker/;

export function indexersOf(page: Page): Worker[] {
  return page.workers().filter((worker) => INDEXER.test(worker.url()));
}

/**
 * The indexing workers of the page, from the one it keeps ready (started once the page is idle),
 * each with a promise that settles when it ends.
 */
export async function watchIndexers(page: Page) {
  const watched: { worker: Worker; closed: Promise<void> }[] = [];
  const watch = (worker: Worker) => {
    if (!INDEXER.test(worker.url())) return;
    watched.push({
      worker,
      closed: new Promise((resolve) => worker.once('close', () => resolve())),
    });
  };
  page.on('worker', watch);
  await expect.poll(() => indexersOf(page).length, { timeout: 10_000 }).toBe(1);
  if (watched.length === 0) watch(indexersOf(page)[0]!);
  return watched;
}

/** Resolves once the page has painted twice, so that what was already on its way is handled and drawn. */
export async function afterPaints(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/**
 * Puts `text` into a field at once, in place of what it held, as a paste does. Not through the system clipboard,
 * which the e2e files running side by side in one browser share (explore.e2e copies to it).
 */
export async function pasteInto(page: Page, field: string, text: string): Promise<void> {
  await page.getByRole('textbox', { name: field }).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}
