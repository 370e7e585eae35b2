import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  download,
  lookUp,
  openApp,
  receivedObjects,
  statusText,
  waitForCompleteCount,
  waitForObjectShown,
} from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import { expectSameBytes } from './support/bytes.ts';
import { fetchRawBody, splitLines, thousandObjectModel } from './support/demo.ts';

/** Bodies over 256 kB spill here, instead of over 512 MB: a 1,000-object model spills. */
const SMALL_THRESHOLD = 256 * 1024;

async function spillSmallModels(page: Page): Promise<void> {
  await page.addInitScript((threshold) => {
    Object.assign(window, { explorerTestHooks: { spillThresholdBytes: threshold } });
  }, SMALL_THRESHOLD);
}

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

    expect(await statusText(page)).toMatch(/kept on disk/);
    const files = Object.entries(await privateFiles(page));
    expect(files).toHaveLength(1);
    const [path, size] = files[0]!;
    expect(path).toMatch(/^spill-tab-[^/]+\/load-[^/]+$/);
    // The root's blocks stay in the page; the rest of the body is on disk.
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
