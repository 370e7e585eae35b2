import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  alertText,
  download,
  lookUp,
  lookUpHeldOpen,
  openApp,
  receivedObjects,
  statusText,
  waitForCompleteCount,
  waitForObjectShown,
} from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import { SMALL_SEGMENT, spillSmallModels } from './support/spill.ts';
import { expectSameBytes } from './support/bytes.ts';
import {
  clearFaults,
  fetchRawBody,
  smallModelWithChildren,
  splitLines,
  thousandObjectModel,
} from './support/demo.ts';

/** The files in the origin's private file system, by path, with their sizes. */
function privateFiles(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    type Directory = FileSystemDirectoryHandle & {
      entries(): AsyncIterable<[string, FileSystemHandle]>;
    };
    const files: Record<string, number> = {};
    const walk = async (directory: Directory, path: string) => {
      for await (const [name, handle] of directory.entries()) {
        if (handle.kind === 'directory') await walk(handle as Directory, `${path}${name}/`);
        else files[`${path}${name}`] = (await (handle as FileSystemFileHandle).getFile()).size;
      }
    };
    await walk((await navigator.storage.getDirectory()) as Directory, '');
    return files;
  });
}

describe('a body over the spill threshold', () => {
  const session = usePageSession();

  it('is kept on disk, and any object opens from there as the server sent it', async () => {
    const { page } = session;
    const { project, object } = await thousandObjectModel();
    const body = await fetchRawBody(project.id, object.id, 'lines');
    const lines = splitLines(body);
    const last = lines[lines.length - 1]!;
    await spillSmallModels(page);
    await openApp(page);

    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, 1000);

    await expect.poll(() => statusText(page)).toMatch(/kept on disk/);
    // What reads every text but the search (spillSearch.e2e.test.ts) says what it does without them.
    await page.getByText(/^Closure integrity/).click();
    await expect
      .poll(() => page.getByText(/References between objects were not read/).isVisible())
      .toBe(true);
    // One directory for the load, of segments numbered from 0, each full but the last written.
    const segment = (path: string) => Number(path.slice(path.lastIndexOf('/') + 1));
    const files = Object.entries(await privateFiles(page)).sort(
      ([a], [b]) => segment(a) - segment(b),
    );
    const load = /^spill-tab-[^/]+\/load-[^/]+\//.exec(files[0]![0])?.[0];
    expect(files.map(([path]) => path)).toEqual(files.map((_, index) => `${load}${index}`));
    // Those the expected size fills are opened first: the last may stay empty.
    const sizes = files.map(([, size]) => size).filter((size) => size > 0);
    expect(sizes.length).toBeGreaterThan(2);
    expect(sizes.slice(0, -1).every((size) => size === SMALL_SEGMENT)).toBe(true);
    // The root's blocks stay in the page; the rest of the body is on disk.
    const size = sizes.reduce((sum, next) => sum + next, 0);
    expect(size).toBeGreaterThan(body.length / 2);
    expect(size).toBeLessThan(body.length);

    // The last object, from the keyboard: the list draws only the rows in view.
    await receivedObjects(page).focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await waitForObjectShown(page, last.id);
    const pretty = await download(page, 'Download pretty-printed object JSON');
    expectSameBytes(pretty.bytes, JSON.stringify(JSON.parse(last.raw), null, 2), 'object');
  });
});

describe('the downloads of a body on disk', () => {
  const session = usePageSession();

  it("are streamed from the stored bytes, equal to the server's body", async () => {
    const { page } = session;
    const { project, object } = await thousandObjectModel();
    const body = await fetchRawBody(project.id, object.id, 'lines');
    await spillSmallModels(page);
    await openApp(page);
    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, 1000);
    expect(await statusText(page)).toMatch(/kept on disk/);

    const lines = await download(page, 'Download server lines (id, tab, JSON)');
    expectSameBytes(lines.bytes, body, 'JSON lines');
    const array = await download(page, 'Download all as JSON array');
    expectSameBytes(array.bytes, await fetchRawBody(project.id, object.id, 'json'), 'JSON array');
    const ndjson = await download(page, 'Download NDJSON (one object per line)');
    const texts = splitLines(body).map(({ raw }) => `${raw}\n`);
    expectSameBytes(ndjson.bytes, texts.join(''), 'NDJSON');
  });
});

describe("a spilled load's storage", () => {
  const session = usePageSession();

  it('is kept with a cancelled load for Back, and deleted once that result is let go', async () => {
    const { page } = session;
    const { project, object } = await thousandObjectModel();
    const other = await smallModelWithChildren();
    await spillSmallModels(page, { retainedBytes: 0 });
    await lookUpHeldOpen(page, project.id, object.id, 300);
    await expect.poll(() => statusText(page), { timeout: 30_000 }).toMatch(/kept on disk/);
    // The store worker opens its file as the spill begins, just after the status says so.
    await expect.poll(async () => Object.keys(await privateFiles(page)).length).toBeGreaterThan(0);
    // Its first segment stands for the load's directory.
    const [cancelledFile] = Object.keys(await privateFiles(page));

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => alertText(page)).toMatch(/cancelled/);
    await page.goBack();
    await page.goForward();
    await expect.poll(() => alertText(page)).toMatch(/cancelled/);
    expect(Object.keys(await privateFiles(page))).toContain(cancelledFile);
    await page.goBack();

    // Another result left after it: with no bytes to spare, only the most recent one stays.
    await clearFaults();
    await lookUp(page, other.project.id, other.object.id, 'Get with children');
    await waitForCompleteCount(page, other.object.objectCount);
    await page.goBack();

    await expect
      .poll(async () => Object.keys(await privateFiles(page)))
      .not.toContain(cancelledFile);
  });

  it('left by a closed tab is removed on the next start; an open tab keeps its own', async () => {
    const { context, page } = session;
    await openApp(page);
    // A tab that is open holds its directory's lock; a closed one left its directory behind.
    // Another page of the origin, not the app (whose start would clean up at once).
    const other = await context.newPage();
    await other.goto('/demo-server/demo.json');
    await other.evaluate(async () => {
      await new Promise<void>((granted) => {
        void navigator.locks.request('spill-tab-open', () => {
          granted();
          return new Promise(() => undefined);
        });
      });
      const root = await navigator.storage.getDirectory();
      for (const name of ['spill-tab-open', 'spill-tab-closed']) {
        const directory = await root.getDirectoryHandle(name, { create: true });
        await directory.getFileHandle('load-1', { create: true });
      }
    });
    expect(Object.keys(await privateFiles(page)).sort()).toEqual([
      'spill-tab-closed/load-1',
      'spill-tab-open/load-1',
    ]);

    await page.reload();

    await expect.poll(() => privateFiles(page)).toEqual({ 'spill-tab-open/load-1': 0 });
  });
});

describe('a body too big for the page when the storage cannot take it', () => {
  const session = usePageSession();

  it('is announced beside the lookup, before any load, when the browser has no file storage', async () => {
    const { page } = session;
    await page.addInitScript(() => {
      Reflect.deleteProperty(StorageManager.prototype, 'getDirectory');
    });

    await openApp(page);

    await expect
      .poll(() =>
        page
          .getByText(
            'Models over 500 MB are kept on disk, but this browser gives pages no private file ' +
              'storage: they are kept in memory, up to 2.0 GB, and marked incomplete past that.',
          )
          .isVisible(),
      )
      .toBe(true);
  });

  it('says so as the load starts, and is kept in memory', async () => {
    const { page } = session;
    const { project, object } = await thousandObjectModel();
    await spillSmallModels(page);
    await page.addInitScript(() => {
      // A nearly full origin, as a private window or a full disk leaves it.
      navigator.storage.estimate = () => Promise.resolve({ quota: 100_000, usage: 90_000 });
    });
    await openApp(page);

    // Before the load: the lookup says what the storage takes, and the demo link to this model
    // (its object count known, at the usual 3.4 kB an object) that it will not fit.
    await expect
      .poll(() =>
        page
          .getByText(
            "The browser's storage has 10.0 kB free, too little to keep a big model on disk: " +
              'models over 262 kB are kept in memory, up to 2.0 GB, and marked incomplete past that.',
          )
          .isVisible(),
      )
      .toBe(true);
    const demoLink = page.getByRole('link', { name: object.label, exact: true });
    await expect
      .poll(() =>
        demoLink.evaluate((link) => {
          const described = link.getAttribute('aria-describedby');
          return described && document.getElementById(described)?.textContent;
        }),
      )
      .toBe(
        "This model's 1,000 objects take about 3.4 MB, more than the browser's storage can take " +
          'here: it is kept in memory.',
      );

    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, 1000);

    expect(await statusText(page)).toMatch(
      /This model is about [\d.]+ MB, more than the 10\.0 kB the browser's storage has free: it is kept in memory, up to 2\.0 GB/,
    );
    expect(await privateFiles(page)).toEqual({});
    await receivedObjects(page).focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await waitForObjectShown(
      page,
      splitLines(await fetchRawBody(project.id, object.id, 'lines')).at(-1)!.id,
    );
  });
});
