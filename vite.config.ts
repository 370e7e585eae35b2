import { availableParallelism } from 'node:os';
import { defineConfig } from 'vite';
import { configDefaults } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { demoServerPlugin } from './demo/vitePlugin.ts';
import { watModulesPlugin } from './build/watModules.ts';
import { COMPONENT_TESTS, NEEDS_ISOLATION, NODE_TESTS } from './test/isolation.ts';

const isolatedComponents = NEEDS_ISOLATION.filter((file) => file.endsWith('.tsx'));
const isolatedNode = NEEDS_ISOLATION.filter((file) => !file.endsWith('.tsx'));

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
        test: { name: 'unit-isolated', environment: 'node', include: isolatedNode },
      },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: COMPONENT_TESTS,
          exclude: [...configDefaults.exclude, ...isolatedComponents],
          setupFiles: ['test/components/setup.ts'],
          // As in "unit", and one jsdom per worker too: setting up a jsdom and importing React, the
          // router and the app afresh for each file was over half of this project's time.
          // test/components/setup.ts puts the page back as each test found it.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'components-isolated',
          environment: 'jsdom',
          include: isolatedComponents,
          setupFiles: ['test/components/setup.ts'],
        },
      },
    ],
  },
});
