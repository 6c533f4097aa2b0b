import { Logger } from '@nestjs/common';
import {
  DuplicateEventId,
  type EventStore,
  isXrplEvent,
  type PlatformWalletRole,
  type RecordedEvent,
  WrongExpectedVersion,
  XRPL_SUBMISSION_KEY_MAX,
  type XrplSubmissionClaimed,
  xrplSubmissionStreamId,
  xrplWalletStreamId,
} from '@carbon-ledger/contracts';
import { decode, type SubmittableTransaction } from 'xrpl';
import { isFinalRefusal, type SubmittedTransaction, type XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import { deriveId, toEventsToAppend } from './command-context.js';
import { DomainError } from './domain-error.js';

/** One transaction a platform wallet is to submit for one cause, at most once. */
export interface PlatformTransaction {
  /**
   * The cause, e.g. `retirement-memo:<retirementId>`: every submission under one key is the
   * same ledger transaction, however often and however concurrently it is asked for.
   */
  readonly key: string;
  readonly role: PlatformWalletRole;
  /** Account, Sequence, Fee and LastLedgerSequence are filled in here. */
  readonly transaction: SubmittableTransaction;
  readonly purpose: string;
}

/** Ledgers a claimed transaction may take to apply (xrpl.js autofill's margin). */
const LEDGER_MARGIN = 20;
/** Claims of one cause before giving up: each one's transaction could not apply (sequence taken, too late). */
const MAX_ATTEMPTS = 8;
/** How long a read validated ledger index is used for LastLedgerSequence. */
const LEDGER_INDEX_TTL_MS = 200;

type Claim = XrplSubmissionClaimed & { readonly streamVersion: bigint };

type ClaimState =
  | { readonly kind: 'validated'; readonly outcome: SubmittedTransaction }
  | { readonly kind: 'pending' }
  /** Its transaction can never apply: another transaction took its sequence, or its LastLedgerSequence passed. */
  | { readonly kind: 'void' };

/**
 * Exactly once on the ledger for every transaction a platform wallet submits (ARCHITECTURE §5):
 * the transaction is signed with its sequence and claimed in the log under its cause before it is
 * submitted (an XrplSubmissionClaimed appended to the cause's stream at the version read, so one
 * claimer wins and the others follow the winner's transaction). A cause found with a claim — a
 * concurrent request, a retry, a restart after a crash between submit and record — is resolved on
 * the ledger first: applied, still pending (the same blob is submitted again, which the ledger
 * applies at most once), or void, and only then claimed anew.
 *
 * Claims of one wallet take consecutive sequence numbers one after another in this process, and
 * the transactions are submitted without waiting for the previous one to validate, so many are in
 * flight per ledger. Another process submitting for the same wallet may take a sequence first;
 * the loser's claim turns void and is claimed again.
 */
export class PlatformSubmissions {
  private readonly logger = new Logger('XRPL');
  private readonly nextSequence = new Map<PlatformWalletRole, number>();
  private readonly claimQueues = new Map<PlatformWalletRole, Promise<unknown>>();
  private ledgerIndex: { value: number; readAt: number } | undefined;

  constructor(
    private readonly gateway: XrplGateway,
    private readonly eventStore: EventStore,
  ) {}

  /** The outcome of the cause's transaction; a ledger refusal (tec…, tem…) is a 409 naming the result. */
  async submit(transaction: PlatformTransaction): Promise<SubmittedTransaction> {
    const outcome = await this.outcomeOf(transaction);
    if (outcome.result !== 'tesSUCCESS' || !outcome.validated) {
      throw new DomainError('Conflict', `XRPL ${transaction.transaction.TransactionType} was not applied: ${outcome.result}`);
    }
    return outcome;
  }

  /** The outcome of the cause's transaction, applied or refused: submitted now, or found from an earlier claim. */
  async outcomeOf(transaction: PlatformTransaction): Promise<SubmittedTransaction> {
    if (transaction.key.length > XRPL_SUBMISSION_KEY_MAX) throw new Error(`submission key longer than ${XRPL_SUBMISSION_KEY_MAX}: ${transaction.key}`);
    for (;;) {
      const latest = (await this.claims(transaction.key)).at(-1);
      if (latest) {
        const state = await this.stateOf(latest);
        if (state.kind === 'validated') return this.recorded(latest, state.outcome);
        if (state.kind === 'pending') {
          const outcome = await this.followUp(latest);
          if (outcome) return this.recorded(latest, outcome);
          continue;
        }
        if (latest.attempt + 1 >= MAX_ATTEMPTS) {
          throw new DomainError('ServiceUnavailable', `XRPL ${transaction.transaction.TransactionType} for ${transaction.key} could not be applied in ${MAX_ATTEMPTS} attempts`);
        }
        // Void: the sequence may have been given to a transaction that never reached the ledger.
        this.nextSequence.delete(latest.walletRole);
      }
      const claimed = await this.claim(transaction, latest);
      if (!claimed) continue; // another claimer won; follow its transaction
      const outcome = await this.settle(claimed.claim, claimed.engineResult);
      if (outcome) return this.recorded(claimed.claim, outcome);
    }
  }

  private async claims(key: string): Promise<Claim[]> {
    const events = await this.eventStore.readStream(xrplSubmissionStreamId(key));
    return events.filter(isClaim).map((event) => ({ ...event.data, streamVersion: event.streamVersion }));
  }

  /** Where the claimed transaction stands on the ledger; the account is read before the transaction, so a void is certain. */
  private async stateOf(claim: Claim): Promise<ClaimState> {
    const account = await this.gateway.accountState(claim.account, 'validated');
    const found = await this.gateway.lookUp(claim.hash);
    if (found.state === 'validated') return { kind: 'validated', outcome: found.outcome };
    if (found.state === 'pending') return { kind: 'pending' };
    if (account.sequence > claim.sequence || account.ledgerIndex > claim.lastLedgerSequence) return { kind: 'void' };
    return { kind: 'pending' };
  }

  /** Submits the claimed blob again (the ledger applies one blob once) and waits; undefined: look again. */
  private async followUp(claim: Claim): Promise<SubmittedTransaction | undefined> {
    const { engineResult } = await this.gateway.submitBlob(claim.txBlob);
    return this.settle(claim, engineResult);
  }

  /** Waits for the claimed transaction; undefined when it did not validate and its claim must be looked at again. */
  private async settle(claim: Claim, engineResult: string): Promise<SubmittedTransaction | undefined> {
    // Malformed: no ledger will ever apply this blob, and claiming again would build the same.
    if (engineResult.startsWith('tem')) return { hash: claim.hash, result: engineResult, validated: false, ledgerIndex: null, meta: undefined };
    if (isFinalRefusal(engineResult)) {
      // tefPAST_SEQ, tefALREADY…: applied before, or its sequence taken; the next validated ledger tells which.
      await this.gateway.waitForOutcome(claim.hash, engineResult, await this.gateway.validatedLedgerIndex());
      return undefined;
    }
    const outcome = await this.gateway.waitForOutcome(claim.hash, engineResult, claim.lastLedgerSequence);
    return outcome.validated ? outcome : undefined;
  }

  /**
   * Takes the wallet's next sequence, signs, appends the claim at the version read and submits,
   * one claim of the wallet after another; undefined when another claimer got there first.
   */
  private claim(transaction: PlatformTransaction, latest: Claim | undefined): Promise<{ claim: Claim; engineResult: string } | undefined> {
    const { role } = transaction;
    return this.oneAtATime(role, async () => {
      const account = this.gateway.wallets[role].address;
      const sequence = this.nextSequence.get(role) ?? (await this.gateway.accountState(account, 'current')).sequence;
      const lastLedgerSequence = (await this.validatedLedgerIndex()) + LEDGER_MARGIN;
      const signed = await this.gateway.signAsPlatform(role, transaction.transaction, sequence, lastLedgerSequence);
      const attempt = latest ? latest.attempt + 1 : 0;
      const now = new Date();
      const data: XrplSubmissionClaimed = {
        key: transaction.key,
        attempt,
        walletRole: role,
        account,
        transactionType: transaction.transaction.TransactionType,
        sequence,
        lastLedgerSequence,
        hash: signed.hash,
        txBlob: signed.blob,
        purpose: transaction.purpose,
        claimedAt: now.toISOString(),
      };
      // The event id is the cause's and the attempt's: a second claim of either collides on it.
      const commandId = deriveId(transaction.key, `xrpl-submission-claim:${attempt}`);
      let appended: bigint;
      try {
        const result = await this.eventStore.appendToStream(
          xrplSubmissionStreamId(transaction.key),
          toEventsToAppend([{ type: 'XrplSubmissionClaimed', data }], {
            commandId,
            correlationId: commandId,
            causationId: commandId,
            actor: { userId: 'platform', role: 'admin' },
            now,
          }),
          { expected: latest ? latest.streamVersion : 'no_stream' },
        );
        appended = result.nextExpectedVersion;
      } catch (error) {
        // Lost the claim: the sequence was not used and stays the next one.
        if (error instanceof WrongExpectedVersion || error instanceof DuplicateEventId) return undefined;
        throw error;
      }
      // The store answers a second append of an event id as the first one: it may have been the other claimer's.
      const won = (await this.claims(transaction.key)).find((claim) => claim.attempt === attempt);
      if (won?.hash !== signed.hash) return undefined;
      let engineResult: string;
      try {
        ({ engineResult } = await this.gateway.submitBlob(signed.blob));
      } catch (error) {
        // The blob may or may not have reached the node; whoever asks again resolves the claim on the ledger.
        this.nextSequence.delete(role);
        throw error;
      }
      // Refused outright: the sequence is still free (or was taken elsewhere); read it again.
      if (isFinalRefusal(engineResult)) this.nextSequence.delete(role);
      else this.nextSequence.set(role, sequence + 1);
      return { claim: { ...data, streamVersion: appended }, engineResult };
    });
  }

  private oneAtATime<T>(role: PlatformWalletRole, run: () => Promise<T>): Promise<T> {
    const result = (this.claimQueues.get(role) ?? Promise.resolve()).then(run, run);
    this.claimQueues.set(
      role,
      result.catch(() => undefined),
    );
    return result;
  }

  private async validatedLedgerIndex(): Promise<number> {
    const now = Date.now();
    if (!this.ledgerIndex || now - this.ledgerIndex.readAt > LEDGER_INDEX_TTL_MS) {
      this.ledgerIndex = { value: await this.gateway.validatedLedgerIndex(), readAt: now };
    }
    return this.ledgerIndex.value;
  }

  /** Records the outcome as XrplTransactionRecorded in the wallet's stream, once per transaction hash. */
  private async recorded(claim: Claim, outcome: SubmittedTransaction): Promise<SubmittedTransaction> {
    const transaction = decode(claim.txBlob) as Record<string, unknown>;
    const destination = typeof transaction.Destination === 'string' ? transaction.Destination : undefined;
    const amount = describeAmount(transaction.Amount);
    const commandId = deriveId(outcome.hash, 'xrpl-transaction');
    const now = new Date(claim.claimedAt);
    try {
      await this.eventStore.appendToStream(
        xrplWalletStreamId(claim.walletRole),
        toEventsToAppend(
          [
            {
              type: 'XrplTransactionRecorded',
              data: {
                walletRole: claim.walletRole,
                account: claim.account,
                transactionType: claim.transactionType,
                hash: outcome.hash,
                result: outcome.result,
                validated: outcome.validated,
                ledgerIndex: outcome.ledgerIndex,
                fee: typeof transaction.Fee === 'string' ? transaction.Fee : '0',
                sequence: claim.sequence,
                ...(destination ? { destination } : {}),
                ...(amount ? { amount } : {}),
                purpose: claim.purpose,
                submittedAt: claim.claimedAt,
              },
            },
          ],
          { commandId, correlationId: commandId, causationId: deriveId(claim.key, `xrpl-submission-claim:${claim.attempt}`), actor: { userId: 'platform', role: 'admin' }, now },
        ),
        { expected: 'any' },
      );
    } catch (error) {
      // Recorded already by another follower of the same claim.
      if (!(error instanceof DuplicateEventId)) throw error;
    }
    if (outcome.result !== 'tesSUCCESS') this.logger.debug(`${claim.transactionType} for ${claim.key}: ${outcome.result}`);
    return outcome;
  }
}

function isClaim(event: RecordedEvent): event is RecordedEvent<'XrplSubmissionClaimed', XrplSubmissionClaimed> {
  return isXrplEvent(event) && event.type === 'XrplSubmissionClaimed';
}

function describeAmount(amount: unknown): string | undefined {
  if (typeof amount === 'string') return amount;
  if (amount && typeof amount === 'object' && 'value' in amount && 'currency' in amount) {
    const issued = amount as { value: string; currency: string; issuer?: string };
    return `${issued.value} ${issued.currency}${issued.issuer ? `/${issued.issuer}` : ''}`;
  }
  return undefined;
}
