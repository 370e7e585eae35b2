// Adds up vitest's JSON reports (one per suite that ran) into the single closing line CI reads.
// Above that line it repeats, from the suites' logs (`*.log` beside the reports), the start of each
// section where vitest describes a failure: CI keeps only the end of a run's output, and an error
// outside any test is printed minutes before the end and counted in no report.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const directory = process.argv[2] ?? 'test-results';
// The suites' exit status: vitest fails a run on an error outside any test (an unhandled
// rejection), which its JSON report does not count.
const status = Number(process.argv[3] ?? 0);
const sectionStart = /Failed Tests \d|Unhandled Errors?\b|Unhandled Rejection\b/;
const linesPerSection = 30;
const sectionsShown = 4;

let names = [];
try {
  names = readdirSync(directory);
} catch {
  // No suite got as far as writing a report.
}

/** The first lines of each failure section of a log, colours removed. */
function failureSections(log) {
  // eslint-disable-next-line no-control-regex
  const lines = log.replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  const sections = [];
  for (const [index, line] of lines.entries()) {
    if (sectionStart.test(line)) sections.push(lines.slice(index, index + linesPerSection));
  }
  return sections;
}

const sections = names
  .filter((name) => name.endsWith('.log'))
  .flatMap((name) => failureSections(readFileSync(join(directory, name), 'utf8')));
for (const section of sections.slice(0, sectionsShown)) console.log(section.join('\n'));
if (sections.length > sectionsShown) {
  console.log(`… ${sections.length - sectionsShown} more failure sections in ${directory}/*.log`);
}

let passed = 0;
let failed = 0;
for (const name of names.filter((name) => name.endsWith('.json'))) {
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
