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
  type XrplEvent,
  xrplWalletStreamId,
} from '@carbon-ledger/contracts';
import { decode, type SubmittableTransaction } from 'xrpl';
import { isFinalRefusal, type SignedPlatformTransaction, type SubmittedTransaction, type XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import { deriveId } from './command-context.js';
import { DomainError } from './domain-error.js';
import { handleCommand, knownStream, recordDecider } from './handle-command.js';

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

/** Undefined: another claimer won; follow its claim. */
type ClaimAnswer = { readonly claim: Claim; readonly engineResult: string } | undefined;

interface ClaimRequest {
  readonly transaction: PlatformTransaction;
  readonly latest: Claim | undefined;
  readonly resolve: (answer: ClaimAnswer) => void;
  readonly reject: (error: unknown) => void;
}

/** Claims (one stream per cause) and the wallets' transaction records (one stream per wallet). */
const records = recordDecider<XrplEvent>(isXrplEvent);

/** Claims signed, appended and submitted together. */
const CLAIM_GROUP = 100;

type ClaimState =
  | { readonly kind: 'validated'; readonly outcome: SubmittedTransaction }
  | { readonly kind: 'pending' }
  /** Its transaction can never apply: another transaction took its sequence, or its LastLedgerSequence passed. */
  | { readonly kind: 'void' };

/**
 * Exactly once on the ledger for every transaction a platform wallet submits:
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
  private readonly claimRequests = new Map<PlatformWalletRole, ClaimRequest[]>();
  private readonly claiming = new Map<PlatformWalletRole, Promise<void>>();
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
          throw new DomainError(
            'ServiceUnavailable',
            `XRPL ${transaction.transaction.TransactionType} for ${transaction.key} could not be applied in ${MAX_ATTEMPTS} attempts`,
          );
        }
        // Void: the sequence may have been given to a transaction that never reached the ledger.
        this.nextSequence.delete(latest.walletRole);
      }
      const claimed = await this.claim(transaction, latest);
      if (!claimed) continue; // another claimer won; follow its transaction
      const outcome = await this.settle(claimed.claim, claimed.engineResult, true);
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

  /**
   * Waits for the claimed transaction; undefined when it did not validate and its claim must be looked at
   * again. `fresh`: submitted just now, so no ledger validated before its claim was signed holds it.
   */
  private async settle(claim: Claim, engineResult: string, fresh = false): Promise<SubmittedTransaction | undefined> {
    // Malformed: no ledger will ever apply this blob, and claiming again would build the same.
    if (engineResult.startsWith('tem')) return { hash: claim.hash, result: engineResult, validated: false, ledgerIndex: null, meta: undefined };
    if (isFinalRefusal(engineResult)) {
      // tefPAST_SEQ, tefALREADY…: applied before, or its sequence taken; the next validated ledger tells which.
      await this.gateway.waitForOutcome(claim.hash, engineResult, await this.gateway.validatedLedgerIndex());
      return undefined;
    }
    const fromLedger = fresh ? claim.lastLedgerSequence - LEDGER_MARGIN + 1 : undefined;
    const outcome = await this.gateway.waitForOutcome(claim.hash, engineResult, claim.lastLedgerSequence, fromLedger);
    return outcome.validated ? outcome : undefined;
  }

  /**
   * Claims the transaction with the wallet's next sequence and submits it; undefined when another
   * claimer got there first. Claims of one wallet are taken in groups, one group after another:
   * consecutive sequences, signed and appended together, submitted in sequence order.
   */
  private claim(transaction: PlatformTransaction, latest: Claim | undefined): Promise<ClaimAnswer> {
    const { role } = transaction;
    return new Promise((resolve, reject) => {
      const waiting = this.claimRequests.get(role) ?? [];
      waiting.push({ transaction, latest, resolve, reject });
      this.claimRequests.set(role, waiting);
      if (!this.claiming.has(role))
        this.claiming.set(
          role,
          this.claimWaiting(role).finally(() => this.claiming.delete(role)),
        );
    });
  }

  private async claimWaiting(role: PlatformWalletRole): Promise<void> {
    for (;;) {
      const group = (this.claimRequests.get(role) ?? []).splice(0, CLAIM_GROUP);
      if (group.length === 0) return;
      try {
        await this.claimGroup(role, group);
      } catch (error) {
        // The wallet's sequence is unknown now; whoever asks again resolves its claim on the ledger.
        this.nextSequence.delete(role);
        for (const request of group) request.reject(error);
      }
    }
  }

  private async claimGroup(role: PlatformWalletRole, group: readonly ClaimRequest[]): Promise<void> {
    // One claim per cause in a group; the others follow it.
    const byKey = new Map<string, ClaimRequest>();
    for (const request of group) {
      if (byKey.has(request.transaction.key)) request.resolve(undefined);
      else byKey.set(request.transaction.key, request);
    }
    const requests = [...byKey.values()];
    const account = this.gateway.wallets[role].address;
    const first = this.nextSequence.get(role) ?? (await this.gateway.accountState(account, 'current')).sequence;
    const lastLedgerSequence = (await this.validatedLedgerIndex()) + LEDGER_MARGIN;
    const now = new Date();
    const claims = await Promise.all(
      requests.map(async (request, index) => {
        const { transaction, latest } = request;
        const signed = await this.gateway.signAsPlatform(role, transaction.transaction, first + index, lastLedgerSequence);
        return this.claimData(transaction, latest ? latest.attempt + 1 : 0, account, signed, first + index, lastLedgerSequence, now);
      }),
    );
    const appended = await Promise.all(claims.map((claim, index) => this.appendClaim(claim, requests[index]!.latest).catch((error: unknown) => error)));
    // A sequence whose claim was lost is filled with a no-op, or every later one would wait for it.
    const submitted: { claim: Claim; request?: ClaimRequest }[] = [];
    let gap = false;
    for (const [index, claim] of claims.entries()) {
      const request = requests[index]!;
      const outcome = appended[index];
      if (typeof outcome === 'bigint') {
        submitted.push({ claim: { ...claim, streamVersion: outcome }, request });
        continue;
      }
      if (outcome instanceof Error && !(outcome instanceof WrongExpectedVersion) && !(outcome instanceof DuplicateEventId)) request.reject(outcome);
      else request.resolve(undefined);
      const filler = await this.sequenceFiller(role, account, claim.sequence, lastLedgerSequence, now);
      if (filler) submitted.push({ claim: filler });
      else gap = true;
    }
    // Sent in sequence order on one connection, without waiting for each answer.
    const answers = await Promise.all(
      submitted.map(({ claim }) =>
        this.gateway.submitBlob(claim.txBlob).then(
          (answer) => answer.engineResult,
          (error: unknown) => error,
        ),
      ),
    );
    const unsure = gap || answers.some((answer) => typeof answer !== 'string' || isFinalRefusal(answer));
    // Refused outright or not answered: the account's sequence is read again for the next group.
    if (unsure) this.nextSequence.delete(role);
    else this.nextSequence.set(role, first + claims.length);
    submitted.forEach(({ claim, request }, index) => {
      const answer = answers[index];
      if (!request) {
        if (typeof answer === 'string') void this.outcomeOf(this.fillerTransaction(role, claim.sequence)).catch(() => undefined);
        return;
      }
      if (typeof answer === 'string') request.resolve({ claim, engineResult: answer });
      else request.reject(answer);
    });
  }

  private claimData(
    transaction: PlatformTransaction,
    attempt: number,
    account: string,
    signed: SignedPlatformTransaction,
    sequence: number,
    lastLedgerSequence: number,
    now: Date,
  ): XrplSubmissionClaimed {
    return {
      key: transaction.key,
      attempt,
      walletRole: transaction.role,
      account,
      transactionType: transaction.transaction.TransactionType,
      sequence,
      lastLedgerSequence,
      hash: signed.hash,
      txBlob: signed.blob,
      purpose: transaction.purpose,
      claimedAt: now.toISOString(),
    };
  }

  /** Appends the claim at the version read; answers the claim's version when this claim, not another, is in the log. */
  private async appendClaim(claim: XrplSubmissionClaimed, latest: Claim | undefined): Promise<bigint> {
    // The event id is the cause's and the attempt's: a second claim of either collides on it.
    const commandId = deriveId(claim.key, `xrpl-submission-claim:${claim.attempt}`);
    const stream = knownStream(records, latest ? latest.streamVersion : 'no_stream');
    await handleCommand(
      this.eventStore,
      xrplSubmissionStreamId(claim.key),
      records,
      {
        command: { type: 'XrplSubmissionClaimed', data: claim },
        context: { commandId, correlationId: commandId, causationId: commandId, actor: { userId: 'platform', role: 'admin' }, now: new Date(claim.claimedAt) },
      },
      { stream },
    );
    // handleCommand moved the stream past the claim: its version is the store's answer, a number.
    const appendedAt = stream.version as bigint;
    // The store answers a second append of an event id as the first one: it may have been the other claimer's.
    const stored = (await this.claims(claim.key)).find((candidate) => candidate.attempt === claim.attempt);
    if (stored?.hash !== claim.hash) throw new WrongExpectedVersion(xrplSubmissionStreamId(claim.key), latest ? latest.streamVersion : 'no_stream', appendedAt);
    return appendedAt;
  }

  /** A no-op AccountSet for a sequence whose claim was lost, itself claimed (once per account and sequence). */
  private fillerTransaction(role: PlatformWalletRole, sequence: number): PlatformTransaction {
    const account = this.gateway.wallets[role].address;
    return {
      key: `sequence-filler:${account}:${sequence}`,
      role,
      transaction: { TransactionType: 'AccountSet', Account: account },
      purpose: `fill sequence ${sequence}`,
    };
  }

  private async sequenceFiller(role: PlatformWalletRole, account: string, sequence: number, lastLedgerSequence: number, now: Date): Promise<Claim | undefined> {
    const transaction = this.fillerTransaction(role, sequence);
    const signed = await this.gateway.signAsPlatform(role, transaction.transaction, sequence, lastLedgerSequence);
    const claim = this.claimData(transaction, 0, account, signed, sequence, lastLedgerSequence, now);
    try {
      return { ...claim, streamVersion: await this.appendClaim(claim, undefined) };
    } catch {
      return undefined;
    }
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
    const amount2 = describeAmount(transaction.Amount2);
    const commandId = deriveId(outcome.hash, 'xrpl-transaction');
    const now = new Date(claim.claimedAt);
    try {
      await handleCommand(
        this.eventStore,
        xrplWalletStreamId(claim.walletRole),
        records,
        {
          command: {
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
              ...(amount2 ? { amount2 } : {}),
              purpose: claim.purpose,
              submittedAt: claim.claimedAt,
            },
          },
          context: {
            commandId,
            correlationId: commandId,
            causationId: deriveId(claim.key, `xrpl-submission-claim:${claim.attempt}`),
            actor: { userId: 'platform', role: 'admin' },
            now,
          },
        },
        // The wallet's record of every transaction is never read to decide: appended wherever it stands.
        { stream: knownStream(records, 'any') },
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
