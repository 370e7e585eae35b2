import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Resolved from the project root (vitest's working directory): under jsdom, import.meta.url is not a
// file URL.
const FIXTURES = join(process.cwd(), 'test/fixtures/speckle-real');

/** The bytes of one of the real Speckle data files (see test/fixtures/speckle-real/NOTICE.md). */
export function readRealFixture(name: string): Buffer {
  return readFileSync(join(FIXTURES, name));
}
