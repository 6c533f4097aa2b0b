import os from 'node:os';
import { round } from './stats.js';

/** The load average over 1, 5 and 15 minutes, e.g. "1.93 0.72 0.26": how busy the machine was around a figure. */
export function loadAverage(separator = ' '): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(separator);
}

export interface MachineFacts {
  readonly date: string;
  readonly nproc: number;
  readonly cpu: string;
  readonly memoryGiB: number;
  readonly node: string;
  readonly platform: string;
  readonly loadAverageAtStart: string;
}

/** What a figure was measured on, taken when a benchmark starts. */
export function machineFacts(): MachineFacts {
  return {
    date: new Date().toISOString(),
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGiB: round(os.totalmem() / 2 ** 30, 1),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverageAtStart: loadAverage(),
  };
}

/** The facts taken at the start with the load average at the end: what a benchmark's JSON records of its machine. */
export function machineFactsAtEnd(facts: MachineFacts): MachineFacts & { readonly loadAverageAtEnd: string } {
  return { ...facts, loadAverageAtEnd: loadAverage() };
}

/** "2 CPUs (AMD EPYC), Node v24.21.0": how the benchmarks' machine lines begin. */
export function machineSummary(facts: MachineFacts = machineFacts()): string {
  return `${facts.nproc} CPUs (${facts.cpu}), Node ${facts.node}`;
}
