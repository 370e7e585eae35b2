import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = new URL('../../../.ci/summarise.mjs', import.meta.url).pathname;
const directories: string[] = [];

/** The closing line CI prints over these suites' reports, with the suites' exit status. */
function summary(reports: Record<string, object>, status?: number): string {
  const directory = mkdtempSync(join(tmpdir(), 'summarise-'));
  directories.push(directory);
  for (const [name, report] of Object.entries(reports)) {
    writeFileSync(join(directory, `${name}.json`), JSON.stringify(report));
  }
  const args = status === undefined ? [script, directory] : [script, directory, String(status)];
  return execFileSync('node', args, { encoding: 'utf8' }).trim().split('\n').at(-1)!;
}

const report = (passed: number, failed: number, failedSuites = 0) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  numFailedTestSuites: failedSuites,
});

afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true });
});

describe('the closing line of CI', () => {
  it('adds up every suite’s tests', () => {
    expect(summary({ unit: report(10, 1), e2e: report(5, 0) }, 1)).toBe('15 passed, 1 failed');
    expect(summary({ unit: report(10, 0) }, 0)).toBe('10 passed, 0 failed');
  });

  it('counts a suite that failed to load', () => {
    expect(summary({ unit: report(10, 0, 1) }, 1)).toBe('10 passed, 1 failed');
  });

  it('counts a failed run whose reports hold no failure: an error outside the tests', () => {
    expect(summary({ unit: report(10, 0), e2e: report(5, 0) }, 1)).toBe('15 passed, 1 failed');
  });
});
