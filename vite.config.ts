/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { demoServerPlugin } from './demo/vitePlugin.ts';
import { watModulesPlugin } from './build/watModules.ts';

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
          include: ['test/unit/**/*.test.ts', 'test/demo/**/*.test.ts'],
        },
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
