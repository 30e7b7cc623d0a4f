/**
 * When a process started, as the system tells it: with its pid, it names one run, apart from a
 * later process that was given the same pid. Linux only (field 22 of /proc/PID/stat, clock ticks
 * since boot); elsewhere undefined, and the pid alone names the run.
 */
import { readFileSync } from 'node:fs';

export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may hold spaces: the fields after it are counted from its end.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}
