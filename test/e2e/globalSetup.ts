import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { preview } from 'vite';
import type { TestProject } from 'vitest/node';
import { DEMO_PATH_PREFIX } from '../../demo/catalog.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the preview server that serves dist/ and the demo server, e.g. http://127.0.0.1:41234 */
    appUrl: string;
  }
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
  const appUrl = `http://127.0.0.1:${address.port}`;
  const ping = await fetch(`${appUrl}${DEMO_PATH_PREFIX}/api/ping`).catch(
    (error: unknown) => error,
  );
  if (!(ping instanceof Response) || !ping.ok) {
    await server.close();
    throw new Error(
      `e2e: the demo server does not answer at ${appUrl}${DEMO_PATH_PREFIX}/api/ping ` +
        '(is demoServerPlugin() in vite.config.ts?)',
    );
  }
  project.provide('appUrl', appUrl);
  return async () => {
    await server.close();
  };
}
