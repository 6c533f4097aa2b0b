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

const MAX_BACKOFF_MS = 30_000;
/** Transaction types whose fee is not the base fee (xrpl.js autofill knows their cost). */
const SPECIAL_FEE_TYPES: ReadonlySet<string> = new Set(['AMMCreate', 'AccountDelete', 'EscrowFinish']);
const POLL_MS = 250;
export const NOT_CONNECTED =
  'Not connected to the XRPL network; the service keeps retrying. Check XRPL_URL and the network status.';

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
      return { hash, result: engineResult, validated: false, ledgerIndex: null, meta: undefined };
    }
    return this.waitForOutcome(hash, engineResult, lastLedgerSequence);
  }

  /** Sends a signed blob to the node without waiting: its hash and the node's preliminary result. */
  async submitBlob(blob: string): Promise<{ hash: string; engineResult: string }> {
    if (!this.client.isConnected()) throw new DomainError('ServiceUnavailable', NOT_CONNECTED);
    const submitted = await this.client.request({ command: 'submit', tx_blob: blob });
    return { hash: hashes.hashSignedTx(blob), engineResult: submitted.result.engine_result };
  }

  /**
   * Waits until the transaction is in a validated ledger, or until the validated ledger has passed
   * its LastLedgerSequence (then `validated` is false and `result` the preliminary one). One
   * watcher looks up every awaited transaction once per validated ledger, however many wait.
   */
  waitForOutcome(hash: string, engineResult: string, lastLedgerSequence: number | undefined): Promise<SubmittedTransaction> {
    if (!this.client.isConnected()) return Promise.reject(new DomainError('ServiceUnavailable', NOT_CONNECTED));
    return new Promise((resolve, reject) => {
      this.awaited.push({ hash, engineResult, lastLedgerSequence, resolve, reject });
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
        const outcomes = await Promise.all(waiting.map((waiter) => this.lookUp(waiter.hash)));
        const done = new Set<Waiter>();
        waiting.forEach((waiter, index) => {
          const found = outcomes[index];
          if (found?.state === 'validated') {
            waiter.resolve(found.outcome);
            done.add(waiter);
          } else if (waiter.lastLedgerSequence !== undefined && validated > waiter.lastLedgerSequence) {
            waiter.resolve({ hash: waiter.hash, result: waiter.engineResult, validated: false, ledgerIndex: null, meta: undefined });
            done.add(waiter);
          }
        });
        this.awaited = this.awaited.filter((waiter) => !done.has(waiter));
      } catch (error) {
        // The ledger cannot be read (a lost connection): every waiter hears it; its transaction may still apply.
        const failed = new Set(waiting);
        this.awaited = this.awaited.filter((waiter) => !failed.has(waiter));
        for (const waiter of waiting) waiter.reject(error);
      }
    }
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
