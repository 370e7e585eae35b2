import { defineConfig } from 'vitest/config';
import { watModulesPlugin } from './build/watModules.ts';

// End-to-end tests drive the built app (dist/) in one Chromium, started in globalSetup, through a
// `vite preview` server (with its demo server) per worker. Two files run side by side: much of a
// test is waiting on the page. `npm test` runs the CPU-bound unit suite beside this one, which
// fills what is left of the two cores (with a third worker beside it too, the longest test ran past
// 90 s on a busy machine).
export default defineConfig({
  // Some tests check the app against its own pure modules (recomposition, references, search),
  // and those import a WebAssembly text module (src/bytes/asciiRuns.wat).
  plugins: [watModulesPlugin()],
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/e2e/**/*.e2e.test.ts'],
    globalSetup: ['test/e2e/globalSetup.ts'],
    maxWorkers: 2,
    // A worker runs file after file without starting again: the tests mock nothing and keep no
    // state in modules, and each file paid seconds importing Playwright afresh.
    isolate: false,
    // A limit against hangs, not a speed check: the longest test (keyboard only) took 92 s beside
    // the unit suite on a machine busy with other work.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/e2e.json' },
  },
});
