/** The node tests (project "unit"), which share one module graph per worker. */
export const NODE_TESTS = ['test/unit/**/*.test.ts', 'test/demo/**/*.test.ts'];

/** The component tests in jsdom (project "components"), which share one graph and one jsdom per worker. */
export const COMPONENT_TESTS = ['test/components/**/*.test.tsx'];

/**
 * Tests that mock modules (vi.mock, vi.resetModules) or replace globals (vi.stubGlobal): in a
 * module graph shared with other files the mock would miss the modules already loaded, or leak
 * into the next file, so each of these gets a fresh graph (projects "unit-isolated" and
 * "components-isolated", told apart by extension: component tests are .tsx).
 * test/unit/support/isolation.test.ts keeps the list complete.
 */
export const NEEDS_ISOLATION = [
  'test/unit/bytes/asciiRuns.test.ts',
  'test/unit/speckle/graph/linkKeys.test.ts',
  'test/unit/objects/load/bodyLoad.test.ts',
  'test/unit/api/client.test.ts',
  'test/unit/objects/files/fileLimit.test.ts',
  'test/unit/objects/spill/gcBallast.test.ts',
  'test/unit/objects/spill/spillWorker.test.ts',
  'test/unit/objects/load/indexChannel.test.ts',
  'test/unit/objects/files/loadFileSet.test.ts',
  'test/unit/objects/load/loadObjectSet.test.ts',
  'test/unit/lib/nextTask.test.ts',
  'test/unit/objects/spill/spillPlan.test.ts',
  'test/unit/objects/load/storageFull.test.ts',
  'test/demo/catalog.test.ts',
  'test/demo/server.test.ts',
  'test/components/explore/loadRendering.test.tsx',
  'test/components/lookup/storageNote.test.tsx',
];
