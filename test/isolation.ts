/** The node tests (project "unit"), which share one module graph per worker. */
export const NODE_TESTS = ['test/unit/**/*.test.ts', 'test/demo/**/*.test.ts'];

/** The component tests in jsdom (project "components"), which share one graph and one jsdom per worker. */
export const COMPONENT_TESTS = ['test/components/**/*.test.tsx'];

/**
 * Tests that mock modules (vi.mock, vi.resetModules) or replace globals (vi.stubGlobal): in a
 * module graph shared with other files the mock would miss the modules already loaded, or leak
 * into the next file, so each of these gets a fresh graph (projects "unit-isolated" and
 * "components-isolated", told apart by extension: component tests are .tsx).
 * test/unit/isolation.test.ts keeps the list complete.
 */
export const NEEDS_ISOLATION = [
  'test/unit/asciiRuns.test.ts',
  'test/unit/bodyLoad.test.ts',
  'test/unit/client.test.ts',
  'test/unit/fileLimit.test.ts',
  'test/unit/gcBallast.test.ts',
  'test/unit/indexChannel.test.ts',
  'test/unit/loadFileSet.test.ts',
  'test/unit/loadObjectSet.test.ts',
  'test/unit/nextTask.test.ts',
  'test/unit/spillPlan.test.ts',
  'test/unit/storageFull.test.ts',
  'test/demo/catalog.test.ts',
  'test/demo/server.test.ts',
  'test/components/loadRendering.test.tsx',
  'test/components/storageNote.test.tsx',
];
