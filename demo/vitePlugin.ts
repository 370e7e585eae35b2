// Mounts the demo server on the app's own origin in `vite` and `vite preview`, so the demo works
// with no second process and no CORS setup.
import type { Plugin, PreviewServer, ViteDevServer } from 'vite';
import { DEMO_PATH_PREFIX, DEMO_TOKEN } from './catalog.ts';
import { createDemoHandler } from './server.ts';

function mount(server: ViteDevServer | PreviewServer): void {
  const testControls = process.env.SPECKLE_DEMO_TEST_CONTROLS === '1';
  const precompressed = process.env.SPECKLE_DEMO_PRECOMPRESSED === '1';
  const handle = createDemoHandler({ prefix: DEMO_PATH_PREFIX, testControls, precompressed });
  // First in the stack: Vite's own CORS middleware would otherwise answer the preflights (with its
  // localhost-only policy and its own headers) before the demo server could.
  server.middlewares.stack.unshift({ route: '', handle });
  const printUrls = server.printUrls.bind(server);
  server.printUrls = () => {
    printUrls();
    const base = server.resolvedUrls?.local[0]?.replace(/\/$/, '') ?? '';
    const modes = [testControls && 'test controls on', precompressed && 'pre-compressed bodies'];
    const notes = modes.filter(Boolean).join(', ');
    server.config.logger.info(
      `  ➜  Demo server: ${base}${DEMO_PATH_PREFIX}  token: ${DEMO_TOKEN}${notes ? ` (${notes})` : ''}`,
    );
  };
}

/** The Speckle-compatible demo server at /demo-server on the dev and preview servers. */
export function demoServerPlugin(): Plugin {
  return {
    name: 'speckle-demo-server',
    configureServer: mount,
    configurePreviewServer: mount,
  };
}
