// Memory of whole processes, read from /proc (Linux): the proportional set size of a browser and
// every process it started (a shared page counts once, split between its sharers), and the
// resident set of one process. Other engineers' browsers are other process trees, so they are
// not counted.
import { readdirSync, readFileSync } from 'node:fs';

/** @param {string} path */
function readOrNull(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The parent of every process, by pid. */
function parents() {
  /** @type {Map<number, number>} */
  const parentOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readOrNull(`/proc/${entry}/stat`);
    // The command name, in parentheses, may hold spaces: the fields after it are fixed.
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields?.[1]) parentOf.set(Number(entry), Number(fields[1]));
  }
  return parentOf;
}

/** @param {number} root @returns {number[]} the process and all its descendants */
export function processTree(root) {
  const parentOf = parents();
  const tree = [root];
  for (let i = 0; i < tree.length; i += 1) {
    for (const [pid, parent] of parentOf) if (parent === tree[i]) tree.push(pid);
  }
  return tree;
}

/** The browser this process launched: its child whose command is Chromium's. */
export function launchedBrowserPid() {
  for (const [pid, parent] of parents()) {
    if (parent !== process.pid) continue;
    if (/chrom/i.test(readOrNull(`/proc/${pid}/comm`) ?? '')) return pid;
  }
  throw new Error('No Chromium process started by this one');
}

/** @param {string | null} text @param {string} field a line of /proc's key: value kB files */
function kilobytes(text, field) {
  const match = text && new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return match ? Number(match[1]) * 1024 : 0;
}

/** Sum of Pss over the process tree, in bytes. @param {number} root */
export function treePss(root) {
  return processTree(root).reduce(
    (sum, pid) => sum + kilobytes(readOrNull(`/proc/${pid}/smaps_rollup`), 'Pss'),
    0,
  );
}

/** Resident set of one process, in bytes. @param {number} pid */
export function rss(pid) {
  return kilobytes(readOrNull(`/proc/${pid}/status`), 'VmRSS');
}

/**
 * Reads `measure` every `everyMs` until stopped; `peak` is the largest reading. `onReading` may
 * act on a reading (stop a runaway browser).
 * @param {() => number} measure
 * @param {number} everyMs
 * @param {(bytes: number) => void} [onReading]
 */
export function sample(measure, everyMs, onReading) {
  const state = { peak: measure(), readings: 1 };
  const timer = setInterval(() => {
    const bytes = measure();
    state.peak = Math.max(state.peak, bytes);
    state.readings += 1;
    onReading?.(bytes);
  }, everyMs);
  return {
    get peak() {
      return state.peak;
    },
    stop() {
      clearInterval(timer);
      return { peak: state.peak, readings: state.readings };
    },
  };
}
