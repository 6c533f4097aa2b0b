import { appendFileSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChainSnapshot, ClosedLedger, TxRecord } from './ledger-chain.js';
import type { SleFields } from './sle.js';

const FORMAT = 'xrpl-sandbox/1';
/** The journal is folded into the state file once it is larger than the state file (and at least this). */
const MIN_COMPACT_BYTES = 1 << 20;

export interface SandboxSnapshot {
  format: typeof FORMAT;
  savedAt: string;
  genesis: { address: string; seed: string };
  chain: ChainSnapshot;
}

/** What one ledger close changed: a line of the journal. */
export interface JournalEntry {
  ledger: ClosedLedger;
  /** Entries written by the ledger's transactions; null = deleted. */
  state: Array<[string, SleFields | null]>;
  txs: TxRecord[];
}

interface JournalLine extends JournalEntry {
  savedAt: string;
}

function isSnapshot(value: unknown): value is SandboxSnapshot {
  return typeof value === 'object' && value !== null && 'format' in value && value.format === FORMAT;
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/**
 * The sandbox state: one JSON file, replaced atomically (write a temporary file, then
 * rename), plus a journal of the ledgers closed since, one JSON line per close. A close
 * appends a few hundred bytes instead of rewriting the whole state and history, which
 * grew with every transaction and blocked the node's event loop for longer each time
 * (≈300 ms per close at 20,000 transactions of history). The journal is folded into the
 * state file when it outgrows it, and on close.
 */
export class StateFile {
  readonly path: string;
  readonly journalPath: string;
  private stateBytes = 0;
  private journalBytes = 0;

  constructor(private readonly dir: string) {
    this.path = join(dir, 'ledger.json');
    this.journalPath = join(dir, 'ledger.journal');
  }

  load(): SandboxSnapshot | undefined {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    const parsed: unknown = JSON.parse(text);
    if (!isSnapshot(parsed)) throw new Error(`${this.path} is not an ${FORMAT} state file`);
    this.stateBytes = Buffer.byteLength(text);
    const lines = this.readJournal();
    return lines.length === 0 ? parsed : applyJournal(parsed, lines);
  }

  /** Writes the whole state and starts an empty journal. */
  save(snapshot: Omit<SandboxSnapshot, 'format' | 'savedAt'>): void {
    mkdirSync(this.dir, { recursive: true });
    const temp = `${this.path}.${process.pid}.tmp`;
    const body: SandboxSnapshot = { format: FORMAT, savedAt: new Date().toISOString(), ...snapshot };
    const text = JSON.stringify(body);
    writeFileSync(temp, text);
    renameSync(temp, this.path);
    // A crash before this leaves journal lines the state file already holds; load skips them.
    rmSync(this.journalPath, { force: true });
    this.stateBytes = Buffer.byteLength(text);
    this.journalBytes = 0;
  }

  /** Appends one close; folds the journal into the state file (`snapshot`) once it outgrows it. */
  append(entry: JournalEntry, snapshot: () => Omit<SandboxSnapshot, 'format' | 'savedAt'>): void {
    const line = `${JSON.stringify({ savedAt: new Date().toISOString(), ...entry } satisfies JournalLine)}\n`;
    appendFileSync(this.journalPath, line);
    this.journalBytes += Buffer.byteLength(line);
    if (this.journalBytes > Math.max(this.stateBytes, MIN_COMPACT_BYTES)) this.save(snapshot());
  }

  private readJournal(): JournalLine[] {
    let text: string;
    try {
      text = readFileSync(this.journalPath, 'utf8');
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    this.journalBytes = statSync(this.journalPath).size;
    const lines = text.split('\n');
    const entries: JournalLine[] = [];
    lines.forEach((line, index) => {
      if (line === '') return;
      try {
        entries.push(JSON.parse(line) as JournalLine);
      } catch (error) {
        // Only the last line can be cut short: the node stopped while appending it.
        if (index === lines.length - 1) return;
        throw new Error(`${this.journalPath}: line ${index + 1} is damaged`, { cause: error });
      }
    });
    return entries;
  }
}

/** The state file with the journal's closes after its newest ledger applied in order. */
function applyJournal(saved: SandboxSnapshot, lines: readonly JournalLine[]): SandboxSnapshot {
  const newestSaved = Math.max(...saved.chain.ledgers.map((ledger) => ledger.ledgerIndex));
  const state = new Map(saved.chain.state);
  const ledgers = [...saved.chain.ledgers];
  const txs = [...saved.chain.txs];
  let savedAt = saved.savedAt;
  for (const line of lines) {
    if (line.ledger.ledgerIndex <= newestSaved) continue;
    for (const [key, fields] of line.state) {
      if (fields === null) state.delete(key);
      else state.set(key, fields);
    }
    ledgers.push(line.ledger);
    txs.push(...line.txs);
    savedAt = line.savedAt;
  }
  return { ...saved, savedAt, chain: { ...saved.chain, state: [...state], ledgers, txs } };
}
