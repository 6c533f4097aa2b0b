import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChainSnapshot } from './ledger-chain.js';

const FORMAT = 'xrpl-sandbox/1';

export interface SandboxSnapshot {
  format: typeof FORMAT;
  savedAt: string;
  genesis: { address: string; seed: string };
  chain: ChainSnapshot;
}

function isSnapshot(value: unknown): value is SandboxSnapshot {
  return typeof value === 'object' && value !== null && 'format' in value && value.format === FORMAT;
}

/** The sandbox state as one JSON file, replaced atomically (write temp file, then rename). */
export class StateFile {
  readonly path: string;

  constructor(private readonly dir: string) {
    this.path = join(dir, 'ledger.json');
  }

  load(): SandboxSnapshot | undefined {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return undefined;
      throw error;
    }
    const parsed: unknown = JSON.parse(text);
    if (!isSnapshot(parsed)) throw new Error(`${this.path} is not an ${FORMAT} state file`);
    return parsed;
  }

  save(snapshot: Omit<SandboxSnapshot, 'format' | 'savedAt'>): void {
    mkdirSync(this.dir, { recursive: true });
    const temp = `${this.path}.${process.pid}.tmp`;
    const body: SandboxSnapshot = { format: FORMAT, savedAt: new Date().toISOString(), ...snapshot };
    writeFileSync(temp, JSON.stringify(body));
    renameSync(temp, this.path);
  }
}
