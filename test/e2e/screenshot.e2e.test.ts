import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import { lookUp, openApp, waitForCompleteCount, waitForObjectShown } from './support/app.ts';
import { usePageSession } from './support/browser.ts';
import { smallModelWithChildren } from './support/demo.ts';

const SCREENSHOT = fileURLToPath(new URL('../../docs/screenshot.png', import.meta.url));

describe('README screenshot', () => {
  const session = usePageSession();

  it('saves docs/screenshot.png of a with-children result at 1280x800', async () => {
    const { page } = session;
    const { project, object } = await smallModelWithChildren();
    await openApp(page);

    await lookUp(page, project.id, object.id, 'Get with children');
    await waitForCompleteCount(page, object.objectCount);
    await waitForObjectShown(page, object.id);

    await mkdir(dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: false, animations: 'disabled' });
  });
});
