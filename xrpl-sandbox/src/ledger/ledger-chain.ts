import type { JsonObject } from '../protocol/json.js';
import { accountKey } from '../protocol/keylets.js';
import type { Ter } from '../protocol/ter.js';
import { rippleTimeFromUnixMs } from '../protocol/time.js';
import { ledgerHeaderHash, stateLeafHash, stateTreeHash, transactionTreeHash, ZERO_HASH } from './hashing.js';
import type { SleFields } from './sle.js';
import { StateTree } from './state-tree.js';
import type { Fees, LedgerInfo, StateReader } from './view.js';

export const INITIAL_XRP_DROPS = 100_000_000_000_000_000n;
const CLOSE_TIME_RESOLUTION = 10;
/** Ledgers whose state can still be read after newer ones closed. */
const STATE_HISTORY = 256;
/** Empty ledgers kept (headers only); ledgers with transactions are always kept. */
const EMPTY_LEDGER_HISTORY = 256;

export interface TxRecord {
  hash: string;
  blob: string;
  tx: JsonObject;
  meta: JsonObject;
  result: Ter;
  ledgerIndex: number;
  txIndex: number;
  /** Accounts whose history lists this transaction (account_tx). */
  accounts: string[];
}

export interface ClosedLedger {
  ledgerIndex: number;
  ledgerHash: string;
  parentHash: string;
  accountHash: string;
  transactionHash: string;
  totalCoins: string;
  closeTime: number;
  parentCloseTime: number;
  closeTimeResolution: number;
  closeFlags: number;
  txHashes: string[];
}

interface OpenLedger {
  seq: number;
  parentHash: string;
  parentCloseTime: number;
  overlay: Map<string, SleFields | null>;
  txs: TxRecord[];
  destroyedDrops: bigint;
}

export interface ChainSnapshot {
  fees: { base: string; reserve: string; increment: string };
  state: Array<[string, SleFields]>;
  ledgers: ClosedLedger[];
  txs: TxRecord[];
}

/** Ledger history plus the open ledger that transactions are applied to. */
export class LedgerChain {
  private state = new Map<string, SleFields>();
  /** The state tree with its inner hashes, kept current so a close only rehashes the paths it changed. */
  private tree: StateTree | undefined;
  private readonly undo = new Map<number, Map<string, SleFields | null>>();
  private readonly ledgers = new Map<number, ClosedLedger>();
  private readonly ledgersByHash = new Map<string, number>();
  private readonly txs = new Map<string, TxRecord>();
  private readonly accountTxs = new Map<string, string[]>();
  private open: OpenLedger;
  private latest: ClosedLedger;

  private constructor(
    readonly fees: Fees,
    latest: ClosedLedger,
  ) {
    this.latest = latest;
    this.open = this.newOpenLedger(latest);
  }

  /** Genesis ledger 1 holding all XRP, then ledger 2 closed, as rippled standalone starts. */
  static genesis(genesisAddress: string, fees: Fees, nowMs: number): LedgerChain {
    const genesisRoot: SleFields = {
      Account: genesisAddress,
      Balance: INITIAL_XRP_DROPS.toString(),
      Flags: 0,
      LedgerEntryType: 'AccountRoot',
      OwnerCount: 0,
      PreviousTxnID: ZERO_HASH,
      PreviousTxnLgrSeq: 0,
      Sequence: 1,
    };
    const state = new Map([[accountKey(genesisAddress), genesisRoot]]);
    const accountHash = stateTreeHash(state);
    const first = sealLedger({
      ledgerIndex: 1,
      parentHash: ZERO_HASH,
      accountHash,
      transactionHash: ZERO_HASH,
      totalCoins: INITIAL_XRP_DROPS.toString(),
      closeTime: 0,
      parentCloseTime: 0,
      closeTimeResolution: CLOSE_TIME_RESOLUTION,
      closeFlags: 0,
      txHashes: [],
    });
    const second = sealLedger({
      ...first,
      ledgerIndex: 2,
      parentHash: first.ledgerHash,
      parentCloseTime: first.closeTime,
      closeTime: roundCloseTime(rippleTimeFromUnixMs(nowMs), 0),
    });
    const chain = new LedgerChain(fees, second);
    chain.state = state;
    chain.undo.set(2, new Map());
    chain.remember(first);
    chain.remember(second);
    return chain;
  }

  static fromSnapshot(snapshot: ChainSnapshot): LedgerChain {
    const fees: Fees = {
      base: BigInt(snapshot.fees.base),
      reserve: BigInt(snapshot.fees.reserve),
      increment: BigInt(snapshot.fees.increment),
    };
    const ordered = [...snapshot.ledgers].sort((a, b) => a.ledgerIndex - b.ledgerIndex);
    const latest = ordered.at(-1);
    if (latest === undefined) throw new Error('Snapshot has no ledgers');
    const chain = new LedgerChain(fees, latest);
    chain.state = new Map(snapshot.state);
    for (const ledger of ordered) chain.remember(ledger);
    for (const tx of snapshot.txs) chain.indexTx(tx);
    return chain;
  }

  snapshot(): ChainSnapshot {
    const ledgers = [...this.ledgers.values()].filter(
      (ledger) => ledger.txHashes.length > 0 || ledger.ledgerIndex > this.latest.ledgerIndex - EMPTY_LEDGER_HISTORY,
    );
    const closedTxs = [...this.txs.values()].filter((tx) => tx.ledgerIndex <= this.latest.ledgerIndex);
    return {
      fees: {
        base: this.fees.base.toString(),
        reserve: this.fees.reserve.toString(),
        increment: this.fees.increment.toString(),
      },
      state: [...this.state.entries()],
      ledgers,
      txs: closedTxs,
    };
  }

  get latestClosed(): ClosedLedger {
    return this.latest;
  }

  get openLedgerSeq(): number {
    return this.open.seq;
  }

  get openTxCount(): number {
    return this.open.txs.length;
  }

  get openInfo(): LedgerInfo {
    return { seq: this.open.seq, parentHash: this.open.parentHash, parentCloseTime: this.open.parentCloseTime };
  }

  /** The range of ledgers whose headers are all still held. */
  get completeLedgers(): string {
    let first = this.latest.ledgerIndex;
    while (this.ledgers.has(first - 1)) first -= 1;
    return `${first}-${this.latest.ledgerIndex}`;
  }

  openReader(): StateReader {
    const { overlay } = this.open;
    const state = this.state;
    return {
      get: (key) => {
        const pending = overlay.get(key);
        if (pending !== undefined) return pending ?? undefined;
        return state.get(key);
      },
    };
  }

  /** State as of a closed ledger, or undefined when that ledger is too old to reconstruct. */
  closedReader(seq: number): StateReader | undefined {
    const latest = this.latest.ledgerIndex;
    if (seq === latest) return { get: (key) => this.state.get(key) };
    if (seq > latest || seq < latest - STATE_HISTORY || !this.undo.has(seq + 1)) return undefined;
    return {
      get: (key) => {
        for (let ledger = seq + 1; ledger <= latest; ledger += 1) {
          const log = this.undo.get(ledger);
          if (log?.has(key)) return log.get(key) ?? undefined;
        }
        return this.state.get(key);
      },
    };
  }

  ledger(seq: number): ClosedLedger | undefined {
    return this.ledgers.get(seq);
  }

  ledgerByHash(hash: string): ClosedLedger | undefined {
    const seq = this.ledgersByHash.get(hash.toUpperCase());
    return seq === undefined ? undefined : this.ledgers.get(seq);
  }

  transaction(hash: string): TxRecord | undefined {
    return this.txs.get(hash.toUpperCase());
  }

  isValidated(record: TxRecord): boolean {
    return record.ledgerIndex <= this.latest.ledgerIndex;
  }

  /** Hashes of transactions touching `account`, oldest first. */
  accountTransactions(account: string): string[] {
    return this.accountTxs.get(account) ?? [];
  }

  hasOpenTransaction(hash: string): boolean {
    return this.open.txs.some((tx) => tx.hash === hash);
  }

  /** Commits one applied transaction's writes to the open ledger. */
  applyToOpen(record: TxRecord, writes: Map<string, SleFields | null>, destroyedDrops: bigint): void {
    for (const [key, fields] of writes) this.open.overlay.set(key, fields);
    this.open.txs.push(record);
    this.open.destroyedDrops += destroyedDrops;
    this.indexTx(record);
  }

  nextTxIndex(): number {
    return this.open.txs.length;
  }

  /** Closes the open ledger; in standalone mode a closed ledger is also validated. */
  close(nowMs: number): { ledger: ClosedLedger; txs: TxRecord[]; changes: ReadonlyMap<string, SleFields | null> } {
    const open = this.open;
    const undo = new Map<string, SleFields | null>();
    for (const [key, fields] of open.overlay) {
      undo.set(key, this.state.get(key) ?? null);
      if (fields === null) this.state.delete(key);
      else this.state.set(key, fields);
    }
    const accountHash = open.overlay.size > 0 ? this.stateHash(open.overlay) : this.latest.accountHash;
    const ledger = sealLedger({
      ledgerIndex: open.seq,
      parentHash: open.parentHash,
      accountHash,
      transactionHash: transactionTreeHash(open.txs),
      totalCoins: (BigInt(this.latest.totalCoins) - open.destroyedDrops).toString(),
      closeTime: roundCloseTime(rippleTimeFromUnixMs(nowMs), open.parentCloseTime),
      parentCloseTime: open.parentCloseTime,
      closeTimeResolution: CLOSE_TIME_RESOLUTION,
      closeFlags: 0,
      txHashes: open.txs.map((tx) => tx.hash),
    });
    this.undo.set(ledger.ledgerIndex, undo);
    this.undo.delete(ledger.ledgerIndex - STATE_HISTORY - 1);
    this.remember(ledger);
    this.forget(ledger.ledgerIndex - EMPTY_LEDGER_HISTORY);
    this.latest = ledger;
    this.open = this.newOpenLedger(ledger);
    return { ledger, txs: open.txs, changes: open.overlay };
  }

  private stateHash(changed: Map<string, SleFields | null>): string {
    if (this.tree === undefined) {
      this.tree = new StateTree();
      for (const [key, fields] of this.state) this.tree.set(key, stateLeafHash(key, fields));
    } else {
      for (const [key, fields] of changed) {
        if (fields === null) this.tree.delete(key);
        else this.tree.set(key, stateLeafHash(key, fields));
      }
    }
    return this.tree.rootHash();
  }

  private newOpenLedger(parent: ClosedLedger): OpenLedger {
    return {
      seq: parent.ledgerIndex + 1,
      parentHash: parent.ledgerHash,
      parentCloseTime: parent.closeTime,
      overlay: new Map(),
      txs: [],
      destroyedDrops: 0n,
    };
  }

  private remember(ledger: ClosedLedger): void {
    this.ledgers.set(ledger.ledgerIndex, ledger);
    this.ledgersByHash.set(ledger.ledgerHash, ledger.ledgerIndex);
  }

  private forget(seq: number): void {
    const ledger = this.ledgers.get(seq);
    if (ledger === undefined || ledger.txHashes.length > 0 || seq <= 2) return;
    this.ledgers.delete(seq);
    this.ledgersByHash.delete(ledger.ledgerHash);
  }

  private indexTx(record: TxRecord): void {
    this.txs.set(record.hash, record);
    for (const account of record.accounts) {
      let list = this.accountTxs.get(account);
      if (list === undefined) {
        list = [];
        this.accountTxs.set(account, list);
      }
      list.push(record.hash);
    }
  }
}

function sealLedger(fields: Omit<ClosedLedger, 'ledgerHash'>): ClosedLedger {
  const ledgerHash = ledgerHeaderHash({ ...fields, totalCoins: BigInt(fields.totalCoins) });
  return { ...fields, ledgerHash };
}

/** roundCloseTime, then strictly after the parent like rippled's consensus. */
function roundCloseTime(rawCloseTime: number, parentCloseTime: number): number {
  const shifted = rawCloseTime + CLOSE_TIME_RESOLUTION / 2;
  const rounded = shifted - (shifted % CLOSE_TIME_RESOLUTION);
  return Math.max(rounded, parentCloseTime + 1);
}
