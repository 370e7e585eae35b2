import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { watModulesPlugin } from './build/watModules.ts';

// The biggest inputs the app promises to handle (100,000-object models, a 335 MB export, objects
// over the 64 MB text limit): minutes of CPU and hundreds of MB each, so they run apart from
// `npm test`, in `npm run test:heavy`, which CI (.ci/run) runs after it. One file at a time: side
// by side on two cores, the 100k model's stream lost its CPU to the others and passed any timeout.
export default defineConfig({
  plugins: [react(), watModulesPlugin()],
  test: {
    reporters: ['default', ['json', { outputFile: 'test-results/heavy.json' }]],
    testTimeout: 600_000,
    fileParallelism: false,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'heavy', environment: 'node', include: ['test/heavy/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'heavy-components',
          environment: 'jsdom',
          include: ['test/heavy/**/*.test.tsx'],
          setupFiles: ['test/components/setup.ts'],
        },
      },
    ],
  },
});
