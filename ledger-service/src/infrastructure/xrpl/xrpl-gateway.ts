import { Logger } from '@nestjs/common';
import type { PlatformWalletRole, XrplNetwork } from '@carbon-ledger/contracts';
import { Client, hashes, type SubmittableTransaction, type TransactionMetadata } from 'xrpl';
import { DomainError } from '../../shared/domain-error.js';
import type { PlatformWallets } from './platform-wallets.js';

export interface SignedPlatformTransaction {
  readonly transaction: SubmittableTransaction;
  readonly blob: string;
  readonly hash: string;
}

interface Waiter {
  readonly hash: string;
  readonly engineResult: string;
  readonly lastLedgerSequence: number | undefined;
  /** The first validated ledger not yet read for this transaction; unknown: look it up by hash. */
  nextLedger: number | undefined;
  readonly resolve: (outcome: SubmittedTransaction) => void;
  readonly reject: (error: unknown) => void;
}

export interface SubmittedTransaction {
  readonly hash: string;
  readonly result: string;
  readonly validated: boolean;
  readonly ledgerIndex: number | null;
  readonly meta: TransactionMetadata | undefined;
}

/** Told of every submission and every final outcome (metrics). */
export interface XrplSubmissionObserver {
  submitted(result: string): void;
  /** The validated result, a final refusal's engine result, or expired (LastLedgerSequence passed, not validated). */
  settled(result: string, expired: boolean): void;
}

const MAX_BACKOFF_MS = 30_000;
/** Transaction types whose fee is not the base fee (xrpl.js autofill knows their cost). */
const SPECIAL_FEE_TYPES: ReadonlySet<string> = new Set(['AMMCreate', 'AccountDelete', 'EscrowFinish']);
const POLL_MS = 250;
/** A waiter further behind than this many ledgers is looked up by hash instead. */
const MAX_LEDGERS_READ = 20;
export const NOT_CONNECTED = 'Not connected to the XRPL network; the service keeps retrying. Check XRPL_URL and the network status.';

/**
 * The service's only door to the XRP Ledger (xrpl.js Client). Connection loss is
 * retried with backoff and reported, never a crash. It signs, submits and looks up
 * transactions and answers what happened; recording that in the log is the caller's
 * part (PlatformSubmissions for the platform's own wallets).
 */
export class XrplGateway {
  private readonly logger = new Logger('XRPL');
  private readonly client: Client;
  private closed = false;
  private connecting: Promise<void> | undefined;
  private lastError: string | undefined;
  private awaited: Waiter[] = [];
  private watching: Promise<void> | undefined;
  /** The base fee in drops, read once (the sandbox and an unloaded network keep it). */
  private fee: string | undefined;

  constructor(
    readonly network: XrplNetwork,
    url: string,
    readonly wallets: PlatformWallets,
    private readonly observer?: XrplSubmissionObserver,
  ) {
    this.client = new Client(url, { connectionTimeout: 10_000, timeout: 20_000 });
    this.client.on('disconnected', (code: number) => {
      if (!this.closed) this.logger.warn(`disconnected from the XRPL node (code ${code}); reconnecting`);
    });
    this.client.on('connected', () => {
      this.lastError = undefined;
      this.logger.log(`connected to the XRPL ${network} node`);
    });
    this.client.on('error', (...args: unknown[]) => {
      this.lastError = args.map(String).join(' ');
    });
  }

  get connected(): boolean {
    return this.client.isConnected();
  }

  get connectionError(): string | undefined {
    return this.lastError;
  }

  /** Connects, retrying with backoff until it works or the gateway closes; resolves once connected. */
  connect(): Promise<void> {
    this.connecting ??= (async () => {
      let backoff = 500;
      while (!this.closed && !this.client.isConnected()) {
        try {
          await this.client.connect();
        } catch (error) {
          this.lastError = error instanceof Error ? error.message : String(error);
          this.logger.warn(`cannot reach the XRPL node (${this.lastError}); retrying in ${backoff} ms`);
          await new Promise((resolve) => setTimeout(resolve, backoff));
          backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        }
      }
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.client.disconnect().catch(() => undefined);
  }

  /** A read against the ledger; a refusal the console can show while disconnected. */
  request: Client['request'] = async (request) => {
    if (!this.client.isConnected()) throw new DomainError('ServiceUnavailable', NOT_CONNECTED);
    return this.client.request(request);
  };

  async autofill<T extends SubmittableTransaction>(transaction: T): Promise<T> {
    if (!this.client.isConnected()) throw new DomainError('ServiceUnavailable', NOT_CONNECTED);
    return this.client.autofill(transaction);
  }

  /**
   * Submits a signed blob and waits until it is validated. A result that can
   * never succeed (tem, tef, tel) answers at once instead of waiting for
   * LastLedgerSequence to pass.
   */
  async submitSigned(blob: string, lastLedgerSequence: number | undefined): Promise<SubmittedTransaction> {
    const { hash, engineResult } = await this.submitBlob(blob);
    if (isFinalRefusal(engineResult)) {
      this.observer?.settled(engineResult, false);
      return { hash, result: engineResult, validated: false, ledgerIndex: null, meta: undefined };
    }
    return this.waitForOutcome(hash, engineResult, lastLedgerSequence);
  }

  /** Sends a signed blob to the node without waiting: its hash and the node's preliminary result. */
  async submitBlob(blob: string): Promise<{ hash: string; engineResult: string }> {
    if (!this.client.isConnected()) {
      this.observer?.submitted('not_sent');
      throw new DomainError('ServiceUnavailable', NOT_CONNECTED);
    }
    const submitted = await this.client.request({ command: 'submit', tx_blob: blob }).catch((error: unknown) => {
      this.observer?.submitted('not_sent');
      throw error;
    });
    this.observer?.submitted(submitted.result.engine_result);
    return { hash: hashes.hashSignedTx(blob), engineResult: submitted.result.engine_result };
  }

  /**
   * Waits until the transaction is in a validated ledger, or until the validated ledger has passed
   * its LastLedgerSequence (then `validated` is false and `result` the preliminary one). One
   * watcher reads each new validated ledger's transactions once, however many wait; `fromLedger`,
   * when known (no ledger before it can hold the transaction), spares a lookup of each one.
   */
  waitForOutcome(hash: string, engineResult: string, lastLedgerSequence: number | undefined, fromLedger?: number): Promise<SubmittedTransaction> {
    if (!this.client.isConnected()) return Promise.reject(new DomainError('ServiceUnavailable', NOT_CONNECTED));
    return new Promise((resolve, reject) => {
      this.awaited.push({ hash, engineResult, lastLedgerSequence, nextLedger: fromLedger, resolve, reject });
      this.watching ??= this.watchValidatedLedgers().finally(() => {
        this.watching = undefined;
      });
    });
  }

  /** The transaction as the ledger has it now: validated (with its result), pending (in an open ledger) or unknown. */
  async lookUp(hash: string): Promise<{ state: 'validated'; outcome: SubmittedTransaction } | { state: 'pending' | 'unknown' }> {
    const found = await this.request({ command: 'tx', transaction: hash }).catch((error: unknown) => {
      if (isTxnNotFound(error)) return undefined;
      throw error;
    });
    if (!found) return { state: 'unknown' };
    if (!found.result.validated) return { state: 'pending' };
    const meta = typeof found.result.meta === 'object' ? found.result.meta : undefined;
    return {
      state: 'validated',
      outcome: { hash, result: meta?.TransactionResult ?? 'unknown', validated: true, ledgerIndex: found.result.ledger_index ?? null, meta },
    };
  }

  /** An account's next sequence number in the validated ledger (or the open one), and that ledger's index. */
  async accountState(address: string, ledger: 'validated' | 'current'): Promise<{ sequence: number; ledgerIndex: number }> {
    const info = await this.request({ command: 'account_info', account: address, ledger_index: ledger });
    return { sequence: info.result.account_data.Sequence, ledgerIndex: info.result.ledger_index ?? info.result.ledger_current_index ?? 0 };
  }

  /**
   * Calls `listener` when a validated transaction touching `address` arrives on an account
   * subscription (renewed on every reconnect). A wake-up only: a missed message costs latency, not
   * a transaction, as long as the caller also reads the account's history. Returns the unsubscribe.
   */
  onAccountTransaction(address: string, listener: () => void): () => void {
    const subscribe = (): void => {
      if (!this.client.isConnected()) return;
      this.client.request({ command: 'subscribe', accounts: [address] }).catch((error: unknown) => {
        this.logger.warn(`cannot subscribe to ${address}: ${error instanceof Error ? error.message : String(error)}`);
      });
    };
    const onTransaction = (message: { tx_json?: { Account?: string; Destination?: string }; transaction?: { Account?: string; Destination?: string } }) => {
      const tx = message.tx_json ?? message.transaction;
      if (tx?.Destination === address || tx?.Account === address) listener();
    };
    this.client.on('connected', subscribe);
    this.client.on('transaction', onTransaction);
    subscribe();
    return () => {
      this.client.off('connected', subscribe);
      this.client.off('transaction', onTransaction);
      if (this.client.isConnected()) this.client.request({ command: 'unsubscribe', accounts: [address] }).catch(() => undefined);
    };
  }

  async validatedLedgerIndex(): Promise<number> {
    if (!this.client.isConnected()) throw new DomainError('ServiceUnavailable', NOT_CONNECTED);
    return this.client.getLedgerIndex();
  }

  /**
   * Signs a platform wallet's transaction with the given sequence and LastLedgerSequence (the
   * caller decides both, so it can claim the transaction before it is submitted). Nothing is sent.
   */
  async signAsPlatform(
    role: PlatformWalletRole,
    transaction: SubmittableTransaction,
    sequence: number,
    lastLedgerSequence: number,
  ): Promise<SignedPlatformTransaction> {
    const wallet = this.wallets[role];
    // Most types pay the base fee; the few that cost more (AMMCreate: an owner reserve) are left to autofill.
    const fee = SPECIAL_FEE_TYPES.has(transaction.TransactionType)
      ? {}
      : { Fee: (this.fee ??= await this.request({ command: 'fee' }).then((answer) => answer.result.drops.base_fee)) };
    const prepared = await this.autofill({ ...transaction, Account: wallet.address, Sequence: sequence, LastLedgerSequence: lastLedgerSequence, ...fee });
    const signed = wallet.sign(prepared);
    return { transaction: prepared, blob: signed.tx_blob, hash: signed.hash };
  }

  private async watchValidatedLedgers(): Promise<void> {
    let seen = -1;
    while (this.awaited.length > 0) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const waiting = this.awaited;
      try {
        const validated = await this.validatedLedgerIndex();
        if (validated === seen) continue;
        seen = validated;
        const found = await this.validatedOutcomes(waiting, validated);
        const done = new Set<Waiter>();
        for (const waiter of waiting) {
          const outcome = found.get(waiter.hash);
          if (outcome) {
            this.observer?.settled(outcome.result, false);
            waiter.resolve(outcome);
            done.add(waiter);
          } else if (waiter.lastLedgerSequence !== undefined && validated > waiter.lastLedgerSequence) {
            this.observer?.settled(waiter.engineResult, true);
            waiter.resolve({ hash: waiter.hash, result: waiter.engineResult, validated: false, ledgerIndex: null, meta: undefined });
            done.add(waiter);
          } else {
            waiter.nextLedger = validated + 1;
          }
        }
        this.awaited = this.awaited.filter((waiter) => !done.has(waiter));
      } catch (error) {
        // The ledger cannot be read (a lost connection): every waiter hears it; its transaction may still apply.
        const failed = new Set(waiting);
        this.awaited = this.awaited.filter((waiter) => !failed.has(waiter));
        for (const waiter of waiting) waiter.reject(error);
      }
    }
  }

  /**
   * The awaited transactions in validated ledgers up to `validated`: the ledgers a waiter has not
   * seen yet are read whole (one request each, shared by all), a waiter without a known start (or
   * too far behind) is looked up by hash.
   */
  private async validatedOutcomes(waiting: readonly Waiter[], validated: number): Promise<Map<string, SubmittedTransaction>> {
    const found = new Map<string, SubmittedTransaction>();
    const byHash = waiting.filter((waiter) => waiter.nextLedger === undefined || validated - waiter.nextLedger >= MAX_LEDGERS_READ);
    const ledgers = new Set<number>();
    for (const waiter of waiting) {
      if (byHash.includes(waiter) || waiter.nextLedger === undefined) continue;
      for (let index = waiter.nextLedger; index <= validated; index += 1) ledgers.add(index);
    }
    const looked = await Promise.all(byHash.map((waiter) => this.lookUp(waiter.hash)));
    looked.forEach((answer) => {
      if (answer.state === 'validated') found.set(answer.outcome.hash, answer.outcome);
    });
    const read = await Promise.all([...ledgers].map((index) => this.request({ command: 'ledger', ledger_index: index, transactions: true, expand: true })));
    for (const answer of read) {
      for (const entry of answer.result.ledger.transactions ?? []) {
        if (typeof entry !== 'object') continue;
        const { hash, meta } = entry as { hash?: string; meta?: unknown };
        if (!hash || !meta || typeof meta !== 'object') continue;
        const metadata = meta as TransactionMetadata;
        found.set(hash, { hash, result: metadata.TransactionResult, validated: true, ledgerIndex: answer.result.ledger_index, meta: metadata });
      }
    }
    return found;
  }
}

/** A result that leaves the transaction out of every ledger, now and later (tem, tef, tel). */
export function isFinalRefusal(engineResult: string): boolean {
  return /^(tem|tef|tel)/.test(engineResult);
}

/**
 * rippled's "not (yet) in a ledger" answer to `tx`. xrpl.js puts the error token in `data.error`
 * and rippled's message ("Transaction not found.") in `message`.
 */
export function isTxnNotFound(error: unknown): boolean {
  const token = (error as { data?: { error?: unknown } } | undefined)?.data?.error;
  return token === 'txnNotFound' || (error instanceof Error && /txnNotFound/.test(error.message));
}
