import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

/** CPU used during a measurement, in cores (1.0 = one core busy for the whole time). */
export interface CpuUse {
  /** This process, plus the benchmark's own PostgreSQL server when it has one. */
  readonly ours: number;
  /** The part of `ours` spent by the PostgreSQL server. */
  readonly postgres: number;
  /** The part of `ours` spent by the other processes of the benchmark (service instances it started). */
  readonly processes: number;
  /** Interrupts and kernel threads (block I/O completion for fsync, mostly ours). */
  readonly kernel: number;
  /** Every other process on the machine (other engineers' tests): the noise in a figure. */
  readonly others: number;
}

/** /proc/stat and /proc/<pid>/stat count in USER_HZ, which is 100 on Linux. */
const TICKS_PER_SECOND = 100;

/** The machine's CPU times since boot, in seconds, from /proc/stat (Linux). */
export interface MachineCpuTimes {
  /** user + nice + system + irq + softirq: steal is the host's, not this machine's. */
  readonly busy: number;
  /** irq + softirq. */
  readonly interrupts: number;
  /** idle + iowait. */
  readonly idle: number;
  /** Every field added up. */
  readonly total: number;
}

export function machineCpuTimes(): MachineCpuTimes {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest is already inside user)
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0] = fields;
  return {
    busy: (user + nice + system + irq + softirq) / TICKS_PER_SECOND,
    interrupts: (irq + softirq) / TICKS_PER_SECOND,
    idle: (idle + iowait) / TICKS_PER_SECOND,
    total: fields.reduce((sum, value) => sum + value, 0) / TICKS_PER_SECOND,
  };
}

/**
 * One pass over /proc: our PostgreSQL (postmaster, its children, and its reaped
 * children via cutime+cstime) and kernel threads (children of kthreadd, pid 2).
 */
function processSeconds(postmasterPid: number | undefined, pids: ReadonlySet<number>): { postgres: number; kernelThreads: number; processes: number } {
  let postgres = 0;
  let kernelThreads = 0;
  let processes = 0;
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
    const own = Number(fields[11]) + Number(fields[12]);
    if (pid === postmasterPid) postgres += own + Number(fields[13]) + Number(fields[14]);
    else if (postmasterPid !== undefined && ppid === postmasterPid) postgres += own;
    else if (ppid === 2 || pid === 2) kernelThreads += own;
    else if (pids.has(pid)) processes += own;
  }
  return { postgres: postgres / TICKS_PER_SECOND, kernelThreads: kernelThreads / TICKS_PER_SECOND, processes: processes / TICKS_PER_SECOND };
}

interface Sample {
  readonly at: number;
  readonly machineBusySeconds: number;
  readonly kernelSeconds: number;
  readonly oursSeconds: number;
  readonly postgresSeconds: number;
  readonly processSeconds: number;
}

/**
 * Splits machine CPU into ours and others' between start() and the call it
 * returns. Ours is this process, plus the PostgreSQL server whose data directory
 * is given, plus the processes `pids` names (service instances the benchmark
 * started; a process that ends between the two readings is not counted). Linux
 * only; elsewhere it reports nothing rather than guessing.
 */
export class CpuMeter {
  private postmasterPid: number | undefined;

  constructor(
    private readonly postgresDataDir?: string,
    private readonly pids: () => readonly number[] = () => [],
  ) {}

  start(): () => CpuUse | undefined {
    const before = this.sample();
    return () => {
      const after = this.sample();
      if (!before || !after) return undefined;
      const wall = (after.at - before.at) / 1000;
      if (wall <= 0) return undefined;
      const perSecond = (key: Exclude<keyof Sample, 'at'>): number => (after[key] - before[key]) / wall;
      const cores = (value: number): number => Math.round(Math.max(0, value) * 100) / 100;
      const ours = perSecond('oursSeconds');
      const kernel = perSecond('kernelSeconds');
      return {
        ours: cores(ours),
        postgres: cores(perSecond('postgresSeconds')),
        processes: cores(perSecond('processSeconds')),
        kernel: cores(kernel),
        others: cores(perSecond('machineBusySeconds') - ours - kernel),
      };
    };
  }

  private sample(): Sample | undefined {
    if (os.platform() !== 'linux') return undefined;
    try {
      if (this.postgresDataDir !== undefined) {
        this.postmasterPid ??= Number(readFileSync(join(this.postgresDataDir, 'postmaster.pid'), 'utf8').split('\n', 1)[0]);
      }
      const own = process.cpuUsage();
      const machine = machineCpuTimes();
      const processes = processSeconds(this.postmasterPid, new Set(this.pids()));
      return {
        at: performance.now(),
        machineBusySeconds: machine.busy,
        kernelSeconds: machine.interrupts + processes.kernelThreads,
        oursSeconds: (own.user + own.system) / 1e6 + processes.postgres + processes.processes,
        postgresSeconds: processes.postgres,
        processSeconds: processes.processes,
      };
    } catch {
      return undefined;
    }
  }
}
