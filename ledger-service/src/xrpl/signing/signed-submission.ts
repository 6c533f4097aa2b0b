import type { PreparedXrplTransaction } from '@carbon-ledger/contracts';
import { ConnectionError, RippledError, type SubmittableTransaction } from 'xrpl';
import { NOT_CONNECTED, type SubmittedTransaction, type XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { DomainError } from '../../shared/domain-error.js';
import { checkSignedTransaction } from './signed-transaction-check.js';

/**
 * Ledgers a prepared transaction stays valid for: time to load the signing code
 * in the browser and sign (rippled's autofill default of 20 is about a minute on
 * mainnet, 20 s on the sandbox).
 */
const LEDGER_MARGIN = 60;

/** How long a preparation may be submitted; LastLedgerSequence usually ends it first. */
export const PREPARATION_TTL_MS = 5 * 60_000;

/** A ledger error as the caller should see it: 503 while disconnected, 409 for what the ledger refused. */
export function ledgerFailure(error: unknown, what: string): Error {
  if (error instanceof DomainError) return error;
  if (error instanceof ConnectionError) return new DomainError('ServiceUnavailable', NOT_CONNECTED);
  if (error instanceof RippledError) {
    const code = (error.data as { error?: string } | undefined)?.error;
    if (code === 'actNotFound') {
      return new DomainError('Conflict', `${what}: the account is not activated on the XRPL network yet; fund it with XRP first`);
    }
    return new DomainError('Conflict', `${what}: ${code ?? error.message}`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

export async function onLedger<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw ledgerFailure(error, what);
  }
}

/**
 * Autofills transactions of one account that are to be applied in order:
 * consecutive sequence numbers, one LastLedgerSequence for all.
 */
export async function autofillInOrder(gateway: XrplGateway, transactions: readonly SubmittableTransaction[]): Promise<PreparedXrplTransaction[]> {
  return onLedger('Cannot prepare the transaction', async () => {
    const validated = await gateway.request({ command: 'ledger', ledger_index: 'validated' });
    const lastLedgerSequence = validated.result.ledger_index + LEDGER_MARGIN;
    const prepared: SubmittableTransaction[] = [];
    for (const transaction of transactions) {
      const previous = prepared.at(-1)?.Sequence;
      prepared.push(
        await gateway.autofill({
          ...transaction,
          LastLedgerSequence: lastLedgerSequence,
          ...(previous === undefined ? {} : { Sequence: previous + 1 }),
        }),
      );
    }
    // Plain JSON: autofill leaves undefined members (NetworkID) that JSON drops anyway.
    return prepared.map((transaction) => JSON.parse(JSON.stringify(transaction)) as PreparedXrplTransaction);
  });
}

export interface AppliedTransaction extends SubmittedTransaction {
  readonly transactionType: string;
  /** Fee in drops, as signed. */
  readonly fee: string;
}

export interface SubmissionOutcome {
  /** The transactions the ledger applied (tesSUCCESS, validated), in order. */
  readonly applied: readonly AppliedTransaction[];
  /** The first one it did not apply; the ones after it were not submitted. */
  readonly failed?: { readonly transactionType: string; readonly result: string };
}

/** The 409 for a transaction the ledger did not apply, with its engine result. */
export function notApplied(failed: NonNullable<SubmissionOutcome['failed']>, applied: readonly AppliedTransaction[] = []): DomainError {
  const before = applied.length > 0 ? ` (applied before it: ${applied.map((tx) => `${tx.transactionType} ${tx.hash}`).join(', ')})` : '';
  return new DomainError('Conflict', `XRPL ${failed.transactionType} was not applied: ${failed.result}${before}`);
}

/**
 * The transaction as the ledger applied it, when it is in a validated ledger with tesSUCCESS; one
 * still in the open ledger (a concurrent submission of the same blob) is waited for.
 */
async function appliedEarlier(gateway: XrplGateway, hash: string, lastLedgerSequence: number | undefined): Promise<SubmittedTransaction | undefined> {
  const found = await gateway.lookUp(hash).catch(() => undefined);
  let outcome: SubmittedTransaction | undefined;
  if (found?.state === 'validated') outcome = found.outcome;
  else if (found?.state === 'pending') outcome = await gateway.waitForOutcome(hash, 'tesSUCCESS', lastLedgerSequence);
  return outcome?.validated && outcome.result === 'tesSUCCESS' ? outcome : undefined;
}

/**
 * Checks every blob against its prepared transaction and the signer before any
 * is submitted, then submits them in order, each waiting for validation, and
 * stops at the first one the ledger does not apply.
 */
export async function submitInOrder(
  gateway: XrplGateway,
  prepared: readonly PreparedXrplTransaction[],
  blobs: readonly string[],
  signer: string,
): Promise<SubmissionOutcome> {
  if (blobs.length !== prepared.length) {
    throw new DomainError('ValidationFailed', `Expected ${prepared.length} signed transaction(s), in the prepared order; got ${blobs.length}`);
  }
  const signed = prepared.map((transaction, index) => checkSignedTransaction(transaction, blobs[index]!, signer, index));
  const applied: AppliedTransaction[] = [];
  for (const [index, transaction] of signed.entries()) {
    const transactionType = String(transaction.TransactionType);
    const lastLedgerSequence = typeof transaction.LastLedgerSequence === 'number' ? transaction.LastLedgerSequence : undefined;
    let outcome = await onLedger(`XRPL ${transactionType} was not submitted`, () => gateway.submitSigned(blobs[index]!, lastLedgerSequence));
    // A repeated submission (the answer to the first one was lost): the ledger has it already.
    if (outcome.result === 'tefPAST_SEQ' || outcome.result === 'tefALREADY')
      outcome = (await appliedEarlier(gateway, outcome.hash, lastLedgerSequence)) ?? outcome;
    if (outcome.result !== 'tesSUCCESS' || !outcome.validated) {
      const final = outcome.validated || /^(tem|tef|tel)/.test(outcome.result);
      return { applied, failed: { transactionType, result: final ? outcome.result : `${outcome.result}, not validated before its LastLedgerSequence` } };
    }
    applied.push({ ...outcome, transactionType, fee: String(transaction.Fee ?? '0') });
  }
  return { applied };
}
