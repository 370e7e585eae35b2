// Mounts the demo server on the app's own origin in `vite` and `vite preview`, so the demo works
// with no second process and no CORS setup, and saves it in the app's servers before the app
// starts (explorerSetup.ts). A build holds none of it: the build fails if it does.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Connect, HtmlTagDescriptor, Plugin, PreviewServer, ViteDevServer } from 'vite';
import { DEMO_PATH_PREFIX, DEMO_TOKEN } from './catalog.ts';
import { createDemoHandler, EXPLORER_SETUP } from './server.ts';

const SETUP_TAG: HtmlTagDescriptor = {
  tag: 'script',
  attrs: { src: `${DEMO_PATH_PREFIX}/${EXPLORER_SETUP}` },
  // A classic script in the head runs before the app's module, which waits for the document.
  injectTo: 'head-prepend',
};

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

/**
 * The built index.html with the setup script, for every page the preview answers with it (the app's
 * routes fall back to it): `vite preview` serves the build as it is, with no HTML hooks.
 */
function previewIndexHtml(server: PreviewServer): Connect.NextHandleFunction {
  const file = resolve(server.config.root, server.config.build.outDir, 'index.html');
  return (req, res, next) => {
    const path = req.url?.split('?')[0];
    if (path !== '/index.html' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      next();
      return;
    }
    readFile(file, 'utf8').then((html) => {
      const tag = `<script src="${SETUP_TAG.attrs?.src}"></script>`;
      const body = Buffer.from(html.replace(/<head>/i, (head) => `${head}\n    ${tag}`));
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': String(body.length),
        'Cache-Control': 'no-cache',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    }, next);
  };
}

/**
 * What a build must not hold: the demo's code, its paths, its words. At a word's start, so that an
 * unminified build (for profiling) may keep React's messages that mention a "codemod".
 */
const DEMO_TRACE = /\bdemo/i;

/** The first demo trace in the build's files, as `file: …text…`; null when there is none. */
export function demoTraceIn(files: Record<string, string | Uint8Array>): string | null {
  for (const [name, content] of Object.entries(files)) {
    const text = typeof content === 'string' ? content : new TextDecoder().decode(content);
    const match = DEMO_TRACE.exec(text);
    if (match) return `${name}: …${text.slice(Math.max(0, match.index - 40), match.index + 40)}…`;
  }
  return null;
}

/** The Speckle-compatible demo server at /demo-server on the dev and preview servers. */
export function demoServerPlugin(): Plugin[] {
  return [
    {
      name: 'speckle-demo-server',
      apply: 'serve',
      configureServer: mount,
      configurePreviewServer(server) {
        mount(server);
        const indexHtml = previewIndexHtml(server);
        // Before the build's files are served (/index.html itself), and after Vite's fallback has
        // turned an app's route into /index.html.
        server.middlewares.use(indexHtml);
        return () => server.middlewares.use(indexHtml);
      },
      transformIndexHtml: () => [SETUP_TAG],
    },
    {
      name: 'speckle-demo-kept-out-of-build',
      apply: 'build',
      generateBundle: {
        order: 'post',
        handler(_options, bundle) {
          const trace = demoTraceIn(
            Object.fromEntries(
              Object.values(bundle).map((file) => [
                file.fileName,
                file.type === 'chunk' ? file.code : file.source,
              ]),
            ),
          );
          if (trace) {
            this.error(
              `The build holds demo code, which only the dev and preview servers may: ${trace}`,
            );
          }
        },
      },
    },
  ];
}
