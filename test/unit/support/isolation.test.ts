import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NEEDS_ISOLATION } from '../../isolation';

const CHANGES_MODULES_OR_GLOBALS = /\bvi\.(mock|doMock|resetModules|stubGlobal|stubEnv)\(/;

function testFiles(): string[] {
  return ['test/unit', 'test/demo', 'test/components'].flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.test\.tsx?$/.test(name))
      .map((name) => `${folder}/${name}`),
  );
}

describe('the node and component tests that share a module graph', () => {
  it('leave it as they found it: every file that mocks modules or globals runs isolated', () => {
    const changing = testFiles().filter((file) =>
      CHANGES_MODULES_OR_GLOBALS.test(readFileSync(file, 'utf8')),
    );
    expect(changing.sort()).toEqual([...NEEDS_ISOLATION].sort());
  });
});
