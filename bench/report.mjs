// The bench's output: a table on stdout, the same figures as JSON in bench/results/ (one file per
// run and latest.json) for comparison across commits, and docs/figures.md, the one table of
// measured figures the docs point to.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

/** @typedef {import('./figures.mjs').Row} Row */

const COLUMNS = /** @type {const} */ (['name', 'value', 'target', 'ratio to floor / naive', '']);

/** @param {Row} row */
function formatValue({ value, unit }) {
  if (value === null) return '–';
  return unit === 'MB' ? `${value.toFixed(1)} MB` : `${Math.round(value)} ms`;
}

/** @param {Row} row */
function verdict({ pass }) {
  if (pass === null) return 'info';
  return pass ? 'PASS' : 'FAIL';
}

/**
 * The table: one line per figure, its note indented below it when it has one.
 * @param {Row[]} rows
 */
export function formatTable(rows) {
  const cells = rows.map(
    (row) =>
      /** @type {string[]} */ ([row.name, formatValue(row), row.target, row.ratios, verdict(row)]),
  );
  const widths = COLUMNS.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => line[column]?.length ?? 0)),
  );
  /** @param {readonly string[]} line */
  const format = (line) =>
    line
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join(' | ')
      .trimEnd();
  const lines = [format(COLUMNS), widths.map((width) => '-'.repeat(width)).join('-|-')];
  rows.forEach((row, index) => {
    lines.push(format(cells[index] ?? []));
    if (row.note) lines.push(`    ${row.note}`);
  });
  return lines.join('\n');
}

/** The one-minute load average. */
export function currentLoad() {
  return loadavg()[0] ?? 0;
}

/** @param {string[]} args */
function git(...args) {
  try {
    return execFileSync('git', args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
}

/**
 * Where the figures came from: commit, machine and browser, and how busy the machine was (other
 * work running beside the bench makes every figure slower and noisier).
 * @param {string} browserVersion
 * @param {number} loadAtStart the one-minute load average when the bench started
 */
export function environment(browserVersion, loadAtStart) {
  const status = git('status', '--porcelain');
  return {
    commit: git('rev-parse', 'HEAD'),
    uncommittedChanges: status === null ? null : status !== '',
    node: process.version,
    chromium: browserVersion,
    cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
    memoryGB: Math.round(totalmem() / 1e9),
    loadAverage: { start: loadAtStart, end: loadavg()[0] ?? 0 },
  };
}

/**
 * Writes <directory>/<stamp>.json and, unless told not to, <directory>/latest.json; returns the
 * first path.
 * @param {string} directory
 * @param {string} stamp the run's date and time
 * @param {object} report
 * @param {{ latest?: boolean }} [options] `latest: false` for a run other than `npm run bench`
 */
export function writeResults(directory, stamp, report, { latest = true } = {}) {
  mkdirSync(directory, { recursive: true });
  const path = join(directory, `${stamp}.json`);
  const text = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync(path, text);
  if (latest) writeFileSync(join(directory, 'latest.json'), text);
  return path;
}

/**
 * docs/figures.md: the run's figures as one Markdown table (columns padded as Prettier pads them),
 * under the machine and commit they were measured on.
 * @param {Row[]} rows
 * @param {ReturnType<typeof environment>} env
 * @param {string} date the run's start, ISO 8601
 */
export function formatFiguresDoc(rows, env, date) {
  const header = ['figure', 'value', 'target', 'ratio to floor / naive', 'verdict'];
  const cells = rows.map((row) =>
    [row.name, formatValue(row), row.target, row.ratios, verdict(row)].map((cell) =>
      cell.replaceAll('|', '\\|'),
    ),
  );
  const widths = header.map((title, column) =>
    Math.max(3, title.length, ...cells.map((line) => line[column]?.length ?? 0)),
  );
  /** @param {readonly string[]} line */
  const format = (line) =>
    `| ${line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const { start, end } = env.loadAverage;
  return [
    '# Measured figures',
    '',
    '<!-- Written by `npm run bench` (bench/run.mjs); change the bench, not this file. -->',
    '',
    `Measured on ${date.slice(0, 10)} at commit \`${env.commit?.slice(0, 7) ?? 'unknown'}\`` +
      `${env.uncommittedChanges ? ' (with uncommitted changes)' : ''}: Chromium ${env.chromium}, ` +
      `Node ${env.node}, ${env.cpus}, ${env.memoryGB} GB, load average ${start.toFixed(1)} at ` +
      `the start and ${end.toFixed(1)} at the end.`,
    '',
    'Times run from the click to the next paint after the page shows the result. The floor is ' +
      'fetching and discarding the same body in the same page; it moves by about 15 % from run to ' +
      'run, so compare ratios within one run. How the bench measures: bench/README.md.',
    '',
    format(header),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...cells.map(format),
    '',
  ].join('\n');
}

/** Progress goes to stderr; stdout holds only the report. */
export const log = (/** @type {string} */ message) => console.error(`bench: ${message}`);

/**
 * Runs a bench's `main` and exits: 0 when it ends (a report, whether targets pass or not), 1 when
 * it breaks, 2 when it is still running after `timeoutMs` (a stuck step must not hang the run).
 * @param {() => Promise<void>} main
 * @param {number} timeoutMs
 */
export function runBench(main, timeoutMs) {
  const watchdog = setTimeout(() => {
    log(`still running after ${timeoutMs / 60_000} minutes: giving up`);
    process.exit(2);
  }, timeoutMs);
  watchdog.unref();
  main().then(
    () => process.exit(0),
    (error) => {
      log(`broke: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}
