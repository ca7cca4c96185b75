// @ts-check
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Clock ticks per second of /proc's times (getconf CLK_TCK; 100 on every Linux build we run). */
function ticksPerSecond() {
  const answer = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const ticks = Number(answer.stdout?.trim());
  return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
}

let ticks = 0;

/**
 * CPU seconds (user + system) of this process's ended children and everything they waited for,
 * from /proc/self/stat (cutime, cstime): a step's CPU is the difference before and after it. On a
 * shared machine it is the fairer yardstick than wall time. Null where there is no /proc.
 * @returns {number | null}
 */
export function endedChildrenCpuSeconds() {
  let stat;
  try {
    stat = fs.readFileSync('/proc/self/stat', 'utf8');
  } catch {
    return null;
  }
  // The command name, in parentheses, may hold spaces: the fields are counted after it (field 3 on).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  ticks ||= ticksPerSecond();
  return (Number(fields[16 - 3]) + Number(fields[17 - 3])) / ticks;
}
