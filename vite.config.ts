/// <reference types="vitest/config" />
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
