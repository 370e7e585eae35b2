// `npm run screenshot`: takes the README's picture, docs/screenshot.png, as a newcomer sees the app
// after `npm run dev`: at http://localhost:5173, the demo server's connection ready, a small
// generated model loaded with its children, in a 1280x800 window of Debian's Chromium.
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import chromiumLaunch from '../test/chromium.json' with { type: 'json' };

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUTPUT = fileURLToPath(new URL('../docs/screenshot.png', import.meta.url));
const PORT = 5173;
const APP_URL = `http://localhost:${PORT}`;
const DEMO_BASE = `${APP_URL}/demo-server`;
const TIMEOUT_MS = 60_000;

/** The first public model with children that loads in a moment (2 to 500 objects). */
async function smallModelWithChildren() {
  const response = await fetch(`${DEMO_BASE}/demo.json`);
  if (!response.ok) throw new Error(`${DEMO_BASE}/demo.json answered ${response.status}`);
  const manifest = await response.json();
  for (const project of manifest.projects) {
    if (project.visibility !== 'public') continue;
    const object = project.objects.find(({ objectCount }) => objectCount > 1 && objectCount <= 500);
    if (object) return { project, object };
  }
  throw new Error('The demo manifest lists no public model of 2 to 500 objects');
}

const server = await createServer({
  root: ROOT,
  logLevel: 'warn',
  server: { host: 'localhost', port: PORT, strictPort: true, open: false },
});
await server.listen();
const browser = await chromium.launch(chromiumLaunch);
try {
  const { project, object } = await smallModelWithChildren();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  await page.goto(APP_URL);
  // The demo's setup script saved the "Demo server" connection before the app started: it shows
  // as one line, its address in the line's title.
  await page
    .getByRole('region', { name: 'Connection' })
    .locator(`p[title="${DEMO_BASE}"]`, { hasText: 'token set' })
    .waitFor();
  await page.getByRole('textbox', { name: 'Project ID' }).fill(project.id);
  await page.getByRole('textbox', { name: 'Object ID' }).fill(object.id);
  await page.getByRole('button', { name: 'Get with children', exact: true }).click();
  // "N objects" once complete (while loading it reads "n of N objects").
  const done = new RegExp(`(?<!of )\\b${object.objectCount} objects\\b`);
  await page.getByRole('status').filter({ hasText: done }).waitFor();
  await page.getByRole('heading', { name: new RegExp(object.id) }).waitFor();
  // Clicking scrolled the button into view: the picture starts at the page's top, as it opens.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        window.scrollTo(0, 0);
        requestAnimationFrame(() => requestAnimationFrame(resolve));
      }),
  );
  await page.screenshot({ path: OUTPUT, animations: 'disabled' });
  console.log(`Saved ${OUTPUT} (${object.label}, ${object.objectCount} objects)`);
} finally {
  await browser.close();
  await server.close();
}
