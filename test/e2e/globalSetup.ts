import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import type { TestProject } from 'vitest/node';
import { DEMO_PATH_PREFIX } from '../../demo/catalog.ts';
import chromiumLaunch from '../chromium.json';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Origins of the preview servers that serve dist/ and the demo server, one per test worker
     * (VITEST_POOL_ID 1 takes the first), e.g. http://127.0.0.1:41234
     */
    appUrls: string[];
    /** Where the one Chromium of the run listens; each test file connects to it. */
    browserEndpoint: string;
  }
}

async function startPreview(root: string): Promise<{ server: PreviewServer; url: string }> {
  const server = await preview({
    root,
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
  });
  const address = server.httpServer.address() as AddressInfo | null;
  if (!address) {
    await server.close();
    throw new Error('e2e: vite preview did not start listening');
  }
  const url = `http://127.0.0.1:${address.port}`;
  const ping = await fetch(`${url}${DEMO_PATH_PREFIX}/api/ping`).catch((error: unknown) => error);
  if (!(ping instanceof Response) || !ping.ok) {
    await server.close();
    throw new Error(
      `e2e: the demo server does not answer at ${url}${DEMO_PATH_PREFIX}/api/ping ` +
        '(is demoServerPlugin() in vite.config.ts?)',
    );
  }
  return { server, url };
}

// Tests run against the production build, so a stale or missing dist/ must stop the run loudly
// rather than let `vite preview` serve a 404 page to every test.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = project.config.root;
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    throw new Error(
      `e2e: ${join(root, 'dist', 'index.html')} is missing. Build the app first: ` +
        '`npx vite build` (`npm run test:e2e` does this).',
    );
  }
  // Read by the demo server's Vite plugin: enables POST/DELETE /demo-server/__faults.
  process.env.SPECKLE_DEMO_TEST_CONTROLS = '1';
  // A demo server per worker: the faults a test sets (a slow or broken stream, a 503) are the
  // server's state, so files running side by side must not share one.
  const workers = project.config.maxWorkers;
  const previews: PreviewServer[] = [];
  let browser: BrowserServer | undefined;
  const close = async () => {
    await browser?.close();
    await Promise.all(previews.map((server) => server.close()));
  };
  try {
    const urls: string[] = [];
    for (let worker = 0; worker < workers; worker++) {
      const { server, url } = await startPreview(root);
      previews.push(server);
      urls.push(url);
    }
    // One Debian Chromium for the whole run (a launch per file cost seconds each); every test
    // still gets a fresh context of its own. The flags keep it quiet and offline, and spare it
    // work no test looks at: the omnibox's WebUI popup, which Chromium renders in a process of its
    // own for each new window (each context), and the spare renderer started ahead of each
    // context's first navigation. Chromium keeps only the last --disable-features, so the one in
    // test/chromium.json repeats Playwright's own list (its chromiumSwitches.ts) before these.
    browser = await chromium.launchServer(chromiumLaunch);
    project.provide('appUrls', urls);
    project.provide('browserEndpoint', browser.wsEndpoint());
  } catch (error) {
    await close();
    throw error;
  }
  return close;
}
