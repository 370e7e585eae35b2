// Adds up vitest's JSON reports (one per suite that ran) into the single closing line CI reads.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const directory = process.argv[2] ?? 'test-results';
// The suites' exit status: vitest fails a run on an error outside any test (an unhandled
// rejection), which its JSON report does not count.
const status = Number(process.argv[3] ?? 0);
let passed = 0;
let failed = 0;
let files = [];
try {
  files = readdirSync(directory).filter((name) => name.endsWith('.json'));
} catch {
  // No suite got as far as writing a report.
}
for (const name of files) {
  const report = JSON.parse(readFileSync(join(directory, name), 'utf8'));
  passed += report.numPassedTests;
  // A suite file that failed to load has no failing test but must still count as a failure.
  failed +=
    report.numFailedTests + (report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? 1 : 0);
}
if (status !== 0 && failed === 0) {
  console.log('A suite failed with no failing test: an error outside the tests, counted as one.');
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
