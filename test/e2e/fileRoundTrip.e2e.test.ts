import { describe, expect, it } from 'vitest';
import { download, lookUp, openApp, waitForCompleteCount } from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import { expectSameBytes } from './support/bytes.ts';
import { fetchRawBody, revitFloor, splitLines, thousandObjectModel } from './support/demo.ts';
import { openedFileLines, openThroughInput, rootLine } from './support/files.ts';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// Apart from the other file tests, so that the two run side by side: these are the longest.
describe('a with-children export opened again', () => {
  const session = usePageSession();

  it.each([
    ['the real Revit floor', revitFloor],
    ['the generated 1,000-object model', thousandObjectModel],
  ])(
    'gives the same objects and byte-identical exports when an export of %s is opened again',
    async (_name, target) => {
      const { page } = session;
      const { project, object } = await target();
      const count = splitLines(await fetchRawBody(project.id, object.id, 'lines')).length;
      await openApp(page);
      await lookUp(page, project.id, object.id, 'Get with children');
      await waitForCompleteCount(page, count);
      const buttons = [
        'Download all as JSON array',
        'Download server lines (id, tab, JSON)',
        'Download NDJSON (one object per line)',
        'Download object ids',
      ];
      const exported = [];
      for (const button of buttons) exported.push(await download(page, button));

      // Each with-children export but the ids, which hold no objects.
      for (const file of exported.slice(0, 3)) {
        await openThroughInput(page, { name: file.name, bytes: file.bytes });
        // This opening's own line once its file is read: until then the page may still show the
        // result before it, with the same count, root and download buttons.
        const objects = count.toLocaleString('en-US');
        await expect
          .poll(() => openedFileLines(page).first().textContent())
          .toMatch(new RegExp(`^${escapeRegExp(file.name)}, .*: ${objects} objects$`));
        await waitForCompleteCount(page, count);
        await expect.poll(() => rootLine(page).textContent()).toContain(object.id);
        for (const [index, button] of buttons.entries()) {
          const again = await download(page, button);
          expectSameBytes(again.bytes, exported[index]!.bytes, `${button} of ${file.name}`);
        }
      }
    },
  );
});
