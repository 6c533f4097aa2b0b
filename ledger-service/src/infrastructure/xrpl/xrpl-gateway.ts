import { Logger } from '@nestjs/common';
import {
  type EventStore,
  type PlatformWalletRole,
  type XrplNetwork,
  xrplWalletStreamId,
} from '@carbon-ledger/contracts';
import { Client, hashes, type SubmittableTransaction, type TransactionMetadata } from 'xrpl';
import { deriveId, toEventsToAppend } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import type { PlatformWallets } from './platform-wallets.js';

export interface SubmittedTransaction {
  readonly hash: string;
  readonly result: string;
  readonly validated: boolean;
  readonly ledgerIndex: number | null;
  readonly meta: TransactionMetadata | undefined;
}

const MAX_BACKOFF_MS = 30_000;
const POLL_MS = 250;
export const NOT_CONNECTED =
  'Not connected to the XRPL network; the service keeps retrying. Check XRPL_URL and the network status.';

function describeAmount(amount: unknown): string | undefined {
  if (typeof amount === 'string') return amount;
  if (amount && typeof amount === 'object' && 'value' in amount && 'currency' in amount) {
    const issued = amount as { value: string; currency: string; issuer?: string };
    return `${issued.value} ${issued.currency}${issued.issuer ? `/${issued.issuer}` : ''}`;
  }
  return undefined;
}

/**
 * The service's only door to the XRP Ledger (xrpl.js Client). Connection loss is
 * retried with backoff and reported, never a crash; every transaction a platform
 * wallet submits is recorded in the event log with its hash, result and ledger.
 */
export class XrplGateway {
  private readonly logger = new Logger('XRPL');
  private readonly client: Client;
  private closed = false;
  private connecting: Promise<void> | undefined;
  private lastError: string | undefined;

  constructor(
    readonly network: XrplNetwork,
    url: string,
    readonly wallets: PlatformWallets,
    private readonly eventStore: EventStore,
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
    if (!this.client.isConnected()) throw new DomainError('ServiceUnavailable', NOT_CONNECTED);
    const submitted = await this.client.request({ command: 'submit', tx_blob: blob });
    const engineResult = submitted.result.engine_result;
    const hash = hashes.hashSignedTx(blob);
    if (/^(tem|tef|tel)/.test(engineResult)) {
      return { hash, result: engineResult, validated: false, ledgerIndex: null, meta: undefined };
    }
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const found = await this.client
        .request({ command: 'tx', transaction: hash })
        .catch((error: unknown) => {
          if (isTxnNotFound(error)) return undefined;
          throw error;
        });
      if (found?.result.validated) {
        const meta = typeof found.result.meta === 'object' ? found.result.meta : undefined;
        return { hash, result: meta?.TransactionResult ?? engineResult, validated: true, ledgerIndex: found.result.ledger_index ?? null, meta };
      }
      const validatedLedger = await this.client.getLedgerIndex();
      if (lastLedgerSequence !== undefined && validatedLedger > lastLedgerSequence) {
        return { hash, result: engineResult, validated: false, ledgerIndex: null, meta: undefined };
      }
    }
  }

  /**
   * Autofills, signs with a platform wallet, submits, waits for validation and
   * records the outcome as XrplTransactionRecorded in the wallet's stream.
   */
  async submitAsPlatform(
    role: PlatformWalletRole,
    transaction: SubmittableTransaction,
    purpose: string,
  ): Promise<SubmittedTransaction> {
    const wallet = this.wallets[role];
    const prepared = await this.autofill({ ...transaction, Account: wallet.address });
    const signed = wallet.sign(prepared);
    const outcome = await this.submitSigned(signed.tx_blob, prepared.LastLedgerSequence);
    await this.record(role, prepared, outcome, purpose);
    if (outcome.result !== 'tesSUCCESS' || !outcome.validated) {
      throw new DomainError('Conflict', `XRPL ${prepared.TransactionType} was not applied: ${outcome.result}`);
    }
    return outcome;
  }

  private async record(
    role: PlatformWalletRole,
    transaction: SubmittableTransaction,
    { hash, result, validated, ledgerIndex }: SubmittedTransaction,
    purpose: string,
  ): Promise<void> {
    const now = new Date();
    // The hash names the transaction, so a retried recording appends nothing new.
    const commandId = deriveId(hash, 'xrpl-transaction');
    const destination = 'Destination' in transaction && typeof transaction.Destination === 'string' ? transaction.Destination : undefined;
    const amount = 'Amount' in transaction ? describeAmount(transaction.Amount) : undefined;
    await this.eventStore.appendToStream(
      xrplWalletStreamId(role),
      toEventsToAppend(
        [
          {
            type: 'XrplTransactionRecorded',
            data: {
              walletRole: role,
              account: transaction.Account,
              transactionType: transaction.TransactionType,
              hash,
              result,
              validated,
              ledgerIndex,
              fee: transaction.Fee ?? '0',
              sequence: transaction.Sequence ?? 0,
              ...(destination ? { destination } : {}),
              ...(amount ? { amount } : {}),
              purpose,
              submittedAt: now.toISOString(),
            },
          },
        ],
        { commandId, correlationId: commandId, causationId: commandId, actor: { userId: 'platform', role: 'admin' }, now },
      ),
      { expected: 'any' },
    );
  }
}

/**
 * rippled's "not (yet) in a ledger" answer to `tx`. xrpl.js puts the error token in `data.error`
 * and rippled's message ("Transaction not found.") in `message`.
 */
export function isTxnNotFound(error: unknown): boolean {
  const token = (error as { data?: { error?: unknown } } | undefined)?.data?.error;
  return token === 'txnNotFound' || (error instanceof Error && /txnNotFound/.test(error.message));
}
