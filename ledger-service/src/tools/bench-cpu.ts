import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

/** CPU used during a measurement, in cores (1.0 = one core busy for the whole time). */
export interface CpuUse {
  /** This process plus the benchmark's own PostgreSQL server. */
  readonly ours: number;
  /** Everything else on the machine (other engineers' tests): the noise in a figure. */
  readonly others: number;
}

interface Sample {
  readonly at: number;
  readonly machineBusySeconds: number;
  readonly oursSeconds: number;
}

/** /proc/stat and /proc/<pid>/stat count in USER_HZ, which is 100 on Linux. */
const TICKS_PER_SECOND = 100;

function machineBusySeconds(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal (guest is already inside user)
  const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}

/** utime+stime of the postmaster and its children, plus exited children (cutime+cstime) of the postmaster. */
function postgresSeconds(postmasterPid: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // the process ended meanwhile
    }
    // Fields after "(comm) ": state ppid ... utime(12) stime(13) cutime(14) cstime(15), 1-based from state.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pid = Number(entry);
    const ppid = Number(fields[1]);
    if (pid === postmasterPid) {
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } else if (ppid === postmasterPid) {
      ticks += Number(fields[11]) + Number(fields[12]);
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/**
 * Splits machine CPU into ours and others' between start() and stop(). Linux only;
 * elsewhere it reports nothing rather than guessing.
 */
export class CpuMeter {
  private postmasterPid: number | undefined;

  constructor(private readonly postgresDataDir: string) {}

  private sample(): Sample | undefined {
    if (os.platform() !== 'linux') return undefined;
    try {
      this.postmasterPid ??= Number(
        readFileSync(join(this.postgresDataDir, 'postmaster.pid'), 'utf8').split('\n', 1)[0],
      );
      const own = process.cpuUsage();
      return {
        at: performance.now(),
        machineBusySeconds: machineBusySeconds(),
        oursSeconds: (own.user + own.system) / 1e6 + postgresSeconds(this.postmasterPid),
      };
    } catch {
      return undefined;
    }
  }

  start(): () => CpuUse | undefined {
    const before = this.sample();
    return () => {
      const after = this.sample();
      if (!before || !after) return undefined;
      const wall = (after.at - before.at) / 1000;
      if (wall <= 0) return undefined;
      const ours = (after.oursSeconds - before.oursSeconds) / wall;
      const machine = (after.machineBusySeconds - before.machineBusySeconds) / wall;
      return {
        ours: Math.round(ours * 100) / 100,
        others: Math.round(Math.max(0, machine - ours) * 100) / 100,
      };
    };
  }
}
