import type { ClosedLedger, TxRecord } from '../ledger/ledger-chain.js';
import { LedgerChain } from '../ledger/ledger-chain.js';
import type { SandboxSnapshot, StateFile } from '../ledger/persistence.js';
import type { SleFields } from '../ledger/sle.js';
import type { Fees } from '../ledger/view.js';
import type { SubmitOutcome } from '../tx/engine.js';
import { submitBlob } from '../tx/engine.js';

export type LedgerClosedListener = (ledger: ClosedLedger, txs: TxRecord[]) => void;

export interface SandboxNodeOptions {
  genesis: { address: string; seed: string };
  fees: Fees;
  networkId?: number | undefined;
  stateFile?: StateFile | undefined;
  /** Serve the saved state as it is: no ledger closes, no submissions, nothing written. */
  readOnly?: boolean | undefined;
}

/** Journal at least this often even when ledgers close empty, so the index survives restarts. */
const IDLE_PERSIST_MS = 10_000;
const MAX_HOLD_LEDGERS = 20;

/** One standalone node: the ledger chain, transaction submission and ledger closing. */
export class SandboxNode {
  readonly chain: LedgerChain;
  readonly startedAt = Date.now();
  readonly genesis: { address: string; seed: string };
  readonly networkId: number | undefined;
  readonly readOnly: boolean;
  /** When the loaded state file was written (undefined for a fresh chain). */
  readonly savedAt: string | undefined;
  private readonly listeners = new Set<LedgerClosedListener>();
  private readonly stateFile: StateFile | undefined;
  private lastPersist = 0;
  /** Locally submitted transactions that got a retriable result, retried after each close. */
  private held: Array<{ blob: string; since: number }> = [];

  constructor(options: SandboxNodeOptions) {
    this.genesis = options.genesis;
    this.networkId = options.networkId;
    this.stateFile = options.stateFile;
    this.readOnly = options.readOnly === true;
    const saved = this.stateFile?.load();
    if (this.readOnly && saved === undefined) {
      throw new Error(this.stateFile ? `no saved sandbox ledger in ${this.stateFile.path}` : 'a read-only sandbox needs a dataDir with a saved ledger');
    }
    this.savedAt = saved?.savedAt;
    this.chain = saved ? LedgerChain.fromSnapshot(saved.chain) : LedgerChain.genesis(options.genesis.address, options.fees, Date.now());
    if (saved) this.genesis = saved.genesis;
    else this.persist();
  }

  submit(blob: string, failHard = false): SubmitOutcome {
    if (this.readOnly) throw new Error('the sandbox node is read-only');
    return submitBlob(this.chain, blob, { networkId: this.networkId, failHard });
  }

  closeLedger(): ClosedLedger {
    if (this.readOnly) throw new Error('the sandbox node is read-only');
    const { ledger, txs, changes } = this.chain.close(Date.now());
    if (txs.length > 0 || Date.now() - this.lastPersist >= IDLE_PERSIST_MS) this.journal(ledger, txs, changes);
    for (const listener of this.listeners) listener(ledger, txs);
    this.retryHeld();
    return ledger;
  }

  /** Keeps a ter/tef/tel result for another try, as rippled holds local transactions. */
  hold(blob: string): void {
    if (!this.held.some((entry) => entry.blob === blob)) this.held.push({ blob, since: this.chain.openLedgerSeq });
  }

  private retryHeld(): void {
    const pending = this.held;
    this.held = [];
    for (const entry of pending) {
      const outcome = this.submit(entry.blob);
      const retriable = outcome.kind === 'processed' && outcome.record === undefined && outcome.ter.startsWith('ter');
      if (retriable && this.chain.openLedgerSeq - entry.since < MAX_HOLD_LEDGERS) this.held.push(entry);
    }
  }

  onLedgerClosed(listener: LedgerClosedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Writes the whole state (and empties the journal). */
  persist(): void {
    if (this.stateFile === undefined || this.readOnly) return;
    this.stateFile.save(this.wholeState());
    this.lastPersist = Date.now();
  }

  /** Records one close in the journal: what it changed, not the whole state. */
  private journal(ledger: ClosedLedger, txs: TxRecord[], changes: ReadonlyMap<string, SleFields | null>): void {
    if (this.stateFile === undefined || this.readOnly) return;
    this.stateFile.append({ ledger, txs, state: [...changes] }, () => this.wholeState());
    this.lastPersist = Date.now();
  }

  private wholeState(): Omit<SandboxSnapshot, 'format' | 'savedAt'> {
    return { genesis: this.genesis, chain: this.chain.snapshot() };
  }
}
