import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = new URL('../../../.ci/summarise.mjs', import.meta.url).pathname;
const directories: string[] = [];

/** What CI prints at its end over these suites' reports and logs, with the suites' exit status. */
function closing(
  reports: Record<string, object>,
  status?: number,
  logs: Record<string, string> = {},
) {
  const directory = mkdtempSync(join(tmpdir(), 'summarise-'));
  directories.push(directory);
  for (const [name, report] of Object.entries(reports)) {
    writeFileSync(join(directory, `${name}.json`), JSON.stringify(report));
  }
  for (const [name, log] of Object.entries(logs))
    writeFileSync(join(directory, `${name}.log`), log);
  const args = status === undefined ? [script, directory] : [script, directory, String(status)];
  return execFileSync('node', args, { encoding: 'utf8' }).trim().split('\n');
}

/** The closing line CI prints over these suites' reports, with the suites' exit status. */
const summary = (reports: Record<string, object>, status?: number) =>
  closing(reports, status).at(-1)!;

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

  it('repeats above the closing line where a log says what failed, its colours removed', () => {
    const log = [
      '[test:unit]  ✓ test/unit/a.test.ts (3 tests)',
      '[test:unit] \u001b[31m⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯\u001b[39m',
      '[test:unit] Error: Bytes 0–10 are not stored',
      '[test:unit]  ❯ src/objects/spill/store.ts:12:3',
      ...Array.from({ length: 200 }, (_, index) => `[test:unit]  ✓ passing line ${index}`),
    ].join('\n');
    const lines = closing({ unit: report(10, 0) }, 1, { test: log });
    expect(lines.slice(0, 3)).toEqual([
      '[test:unit] ⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯',
      '[test:unit] Error: Bytes 0–10 are not stored',
      '[test:unit]  ❯ src/objects/spill/store.ts:12:3',
    ]);
    expect(lines.length).toBeLessThan(40);
    expect(lines.at(-1)).toBe('10 passed, 1 failed');
  });

  it('prints nothing above the closing line when no log names a failure', () => {
    const lines = closing({ unit: report(10, 0) }, 0, { test: '[test:unit]  ✓ all good' });
    expect(lines).toEqual(['10 passed, 0 failed']);
  });
});
