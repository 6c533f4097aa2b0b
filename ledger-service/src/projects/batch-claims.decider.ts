import {
  type AdjustmentStatus,
  type AuthorizedUnitsFirstTransferredData,
  type AuthorizedUse,
  type BatchClaims,
  type BatchClaimsEvent,
  type CitedDocument,
  evolveBatchClaims,
  isBatchClaimsEvent,
  type IsoCountryCode,
  NO_BATCH_CLAIMS,
  reportingPeriodPattern,
} from '@carbon-ledger/contracts';
import { DomainError } from '../shared/domain-error.js';
import type { Decider } from '../shared/handle-command.js';
import type { Party } from './project.decider.js';

/** The batch a claim is about, as the handler found it: its project's host country and the parties the registry user must not be. */
export interface ClaimedBatch {
  readonly batchId: string;
  readonly projectId: string;
  readonly hostCountry: IsoCountryCode;
  readonly proponent: Party;
  readonly verifier: Party | undefined;
}

export type AuthorizationInput =
  { readonly authorized: true; readonly use: AuthorizedUse; readonly authorizedOn: string; readonly letter: CitedDocument } | { readonly authorized: false };

export type BatchClaimsCommand =
  | { readonly type: 'RecordAuthorization'; readonly actor: Party; readonly batch: ClaimedBatch; readonly authorization: AuthorizationInput }
  | {
      readonly type: 'RecordAdjustment';
      readonly actor: Party;
      readonly batch: ClaimedBatch;
      readonly status: AdjustmentStatus;
      readonly reportingPeriod: string | null;
    }
  /** A trade moved authorized units out of their issuance account: `authorizedUse` is what the authorization in force at the trade covered. */
  | {
      readonly type: 'RecordFirstTransfer';
      readonly transfer: Omit<AuthorizedUnitsFirstTransferredData, 'use'>;
      readonly authorizedUse: AuthorizedUse | null;
    };

const sameOrganisation = (a: Party, b: Party): boolean =>
  a.organisation !== null && b.organisation !== null && a.organisation.toLowerCase() === b.organisation.toLowerCase();

/** The registry user who records a batch's claims is neither its project's proponent, nor its verifier, nor of the proponent's organisation. */
function refuseConflict(batch: ClaimedBatch, actor: Party): void {
  if (actor.userId === batch.proponent.userId) throw new DomainError('Forbidden', "The project's proponent cannot record its batches' authorization");
  if (batch.verifier && actor.userId === batch.verifier.userId)
    throw new DomainError('Forbidden', "The project's verifier cannot record its batches' authorization");
  if (sameOrganisation(actor, batch.proponent))
    throw new DomainError('Forbidden', `A registry user of ${actor.organisation} cannot record the authorization of a batch of its own organisation`);
}

const adjustmentOf = (claims: BatchClaims): AdjustmentStatus => claims.adjustment?.status ?? 'not_applicable';

function recordAuthorization(command: Extract<BatchClaimsCommand, { type: 'RecordAuthorization' }>, claims: BatchClaims, now: Date): BatchClaimsEvent[] {
  const { batch, authorization: input } = command;
  refuseConflict(batch, command.actor);
  const today = now.toISOString().slice(0, 10);
  if (input.authorized && input.authorizedOn > today) {
    throw new DomainError('ValidationFailed', `The date of authorization ${input.authorizedOn} is in the future`, [
      { path: 'authorizedOn', message: 'must be today or earlier' },
    ]);
  }
  const current = claims.authorization;
  const next = input.authorized
    ? { authorized: true, use: input.use, authorizedOn: input.authorizedOn, letter: input.letter }
    : { authorized: false, use: null, authorizedOn: null, letter: null };
  const unchanged =
    current !== null &&
    current.authorized === next.authorized &&
    current.use === next.use &&
    current.authorizedOn === next.authorizedOn &&
    current.letter?.sha256 === next.letter?.sha256;
  if (unchanged || (current === null && !next.authorized)) return [];
  // Units the host country adjusted for are accounted for as they were authorized: that cannot change after the fact.
  if (adjustmentOf(claims) === 'applied') {
    throw new DomainError('Conflict', `Batch ${batch.batchId}'s corresponding adjustment is applied; its authorization can no longer be changed or withdrawn`, {
      adjustment: 'applied',
    });
  }
  const at = now.toISOString();
  const events: BatchClaimsEvent[] = [
    {
      type: 'BatchAuthorizationRecorded',
      data: {
        batchId: batch.batchId,
        projectId: batch.projectId,
        hostCountry: batch.hostCountry,
        ...next,
        recordedBy: command.actor.userId,
        recordedAt: at,
      },
    },
  ];
  // A withdrawn authorization leaves nothing to adjust for.
  if (!next.authorized && adjustmentOf(claims) === 'pending') {
    events.push({
      type: 'CorrespondingAdjustmentRecorded',
      data: {
        batchId: batch.batchId,
        projectId: batch.projectId,
        status: 'not_applicable',
        reportingPeriod: null,
        recordedBy: command.actor.userId,
        recordedAt: at,
      },
    });
  }
  return events;
}

function checkReportingPeriod(period: string | null): void {
  if (period === null) return;
  const match = reportingPeriodPattern.exec(period);
  if (match?.[2] !== undefined && Number(match[2]) < Number(match[1])) {
    throw new DomainError('ValidationFailed', `The reporting period ${period} ends before it starts`, [
      { path: 'reportingPeriod', message: 'ends before it starts' },
    ]);
  }
}

function recordAdjustment(command: Extract<BatchClaimsCommand, { type: 'RecordAdjustment' }>, claims: BatchClaims, now: Date): BatchClaimsEvent[] {
  const { batch, status } = command;
  refuseConflict(batch, command.actor);
  checkReportingPeriod(command.reportingPeriod);
  const authorized = claims.authorization?.authorized === true;
  if (status !== 'not_applicable' && !authorized) {
    throw new DomainError('Conflict', `Batch ${batch.batchId} is not authorized; a corresponding adjustment applies to authorized units only`, {
      authorized: false,
    });
  }
  if (status === 'not_applicable' && authorized) {
    throw new DomainError('Conflict', `Batch ${batch.batchId} is authorized: its corresponding adjustment is pending or applied, never not applicable`, {
      authorized: true,
    });
  }
  if (status === 'applied' && command.reportingPeriod === null) {
    throw new DomainError('ValidationFailed', 'An applied corresponding adjustment names the reporting period it was reported in', [
      { path: 'reportingPeriod', message: 'required when applied' },
    ]);
  }
  if (adjustmentOf(claims) === 'applied' && status !== 'applied') {
    throw new DomainError('Conflict', `Batch ${batch.batchId}'s corresponding adjustment is applied; it stays applied`, { adjustment: 'applied' });
  }
  const reportingPeriod = status === 'not_applicable' ? null : command.reportingPeriod;
  if (adjustmentOf(claims) === status && (claims.adjustment?.reportingPeriod ?? null) === reportingPeriod) return [];
  return [
    {
      type: 'CorrespondingAdjustmentRecorded',
      data: { batchId: batch.batchId, projectId: batch.projectId, status, reportingPeriod, recordedBy: command.actor.userId, recordedAt: now.toISOString() },
    },
  ];
}

export function decideBatchClaims(command: BatchClaimsCommand, claims: BatchClaims, context: { readonly now: Date }): BatchClaimsEvent[] {
  switch (command.type) {
    case 'RecordAuthorization':
      return recordAuthorization(command, claims, context.now);
    case 'RecordAdjustment':
      return recordAdjustment(command, claims, context.now);
    case 'RecordFirstTransfer':
      // Units not authorized when they moved have no first transfer under Article 6.
      return command.authorizedUse === null ? [] : [{ type: 'AuthorizedUnitsFirstTransferred', data: { ...command.transfer, use: command.authorizedUse } }];
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

/** A batch's Article 6 claims (docs/credit-use.md), decided on the batch's own claims stream. */
export const batchClaimsDecider: Decider<BatchClaims, BatchClaimsCommand, BatchClaimsEvent> = {
  decide: decideBatchClaims,
  evolve: evolveBatchClaims,
  initialState: () => NO_BATCH_CLAIMS,
  isEvent: isBatchClaimsEvent,
};
