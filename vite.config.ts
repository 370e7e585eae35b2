import { availableParallelism } from 'node:os';
import { defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { demoServerPlugin } from './demo/vitePlugin.ts';
import { watModulesPlugin } from './build/watModules.ts';
import { NEEDS_ISOLATION, NODE_TESTS } from './test/isolation.ts';

export default defineConfig({
  plugins: [react(), demoServerPlugin(), watModulesPlugin()],
  // The indexing worker is bundled on its own, and scans with a WebAssembly module too.
  worker: { plugins: () => [watModulesPlugin()] },
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/unit.json' }]],
    // Vitest's default is one worker less than the cores: a single worker on a two-core machine,
    // the other core idle but for Vite's transforms, which take little once the files are warm.
    maxWorkers: availableParallelism(),
    // A limit against hangs, not a speed check: with every core running tests, the heaviest
    // (100,000 ids, 10,000-object models) took over vitest's default 5 s on a busy machine.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: NODE_TESTS,
          exclude: [...configDefaults.exclude, ...NEEDS_ISOLATION],
          // A worker runs file after file in one module graph: each file importing the same
          // modules afresh was a fifth of this project's time. The files that change modules or
          // globals keep a fresh graph each, in the next project.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', environment: 'node', include: NEEDS_ISOLATION },
      },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['test/components/**/*.test.tsx'],
          setupFiles: ['test/components/setup.ts'],
        },
      },
    ],
  },
});
