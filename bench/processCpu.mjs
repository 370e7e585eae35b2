// CPU time of a process group, from Linux's /proc: what a browser and all its helper processes
// (renderers with their workers, the network service, the GPU process) have spent so far.
import { readdirSync, readFileSync } from 'node:fs';

// Linux counts in clock ticks of 1/100 s (USER_HZ) on every architecture it runs on here.
const MS_PER_TICK = 10;

/**
 * User and system time of every live process in `group`, in milliseconds; null where there is no
 * /proc. A process that has exited is not counted: read before and after a measurement while the
 * browser runs.
 * @param {number} group
 * @returns {number | null}
 */
export function processGroupCpuMs(group) {
  let pids;
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  let ticks = 0;
  for (const pid of pids) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // It exited while being listed.
    }
    // The fields after the command's closing parenthesis: state, ppid, pgrp, … utime (12th), stime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === group) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * MS_PER_TICK;
}
