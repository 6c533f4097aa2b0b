import { z } from 'zod';
import { tokenIdPattern } from '../credit-market/credit-market.constants.js';
import { serialRange } from '../credit-market/serial-range.js';
import { isoCountryCodes } from '../shared/countries.js';
import { eventGuard, eventTypesOf } from '../shared/event-union.js';
import { adjustmentStatuses, authorizedUses, type BatchClaims, NO_BATCH_CLAIMS, reportingPeriodPattern } from '../credit-market/credit-use.js';
import { citedDocument } from './project-documents.js';

/** One stream per batch: what the registry recorded of its Article 6 authorization and corresponding adjustment (docs/credit-use.md). */
export const batchClaimsStreamId = (batchId: string): string => `batch-claims-${batchId}`;
export const BATCH_CLAIMS_STREAM_PREFIX = 'batch-claims-';

/** The host country authorized the batch's units (or withdrew it), as its letter of authorization says. */
export const batchAuthorizationRecordedData = z.object({
  batchId: z.string().regex(tokenIdPattern),
  projectId: z.string().min(1).max(100),
  hostCountry: z.enum(isoCountryCodes),
  authorized: z.boolean(),
  use: z.enum(authorizedUses).nullable(),
  authorizedOn: z.iso.date().nullable(),
  letter: citedDocument.nullable(),
  recordedBy: z.string().min(1),
  recordedAt: z.iso.datetime(),
});

/** The host country's corresponding adjustment for the batch's authorized units, and the period it reports it in. */
export const correspondingAdjustmentRecordedData = z.object({
  batchId: z.string().regex(tokenIdPattern),
  projectId: z.string().min(1).max(100),
  status: z.enum(adjustmentStatuses),
  reportingPeriod: z.string().regex(reportingPeriodPattern).nullable(),
  recordedBy: z.string().min(1),
  recordedAt: z.iso.datetime(),
});

/**
 * Authorized units left their issuance account for the first time (Article 6.2 "first transfer"):
 * the trade that moved them, recorded on the batch's claims stream once the trade is in the log.
 * From it the host country owes the corresponding adjustment for these units.
 */
export const authorizedUnitsFirstTransferredData = z.object({
  batchId: z.string().regex(tokenIdPattern),
  projectId: z.string().min(1).max(100),
  hostCountry: z.enum(isoCountryCodes),
  /** What the authorization in force at the trade covered. */
  use: z.enum(authorizedUses),
  tradeId: z.uuid(),
  fromAccountId: z.string().min(1),
  toAccountId: z.string().min(1),
  quantity: z.number().int().positive(),
  /** The batch's serials the trade moved. */
  ranges: z.array(serialRange).min(1),
  transferredAt: z.iso.datetime(),
});
export type AuthorizedUnitsFirstTransferredData = z.infer<typeof authorizedUnitsFirstTransferredData>;

export const batchClaimsEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('BatchAuthorizationRecorded'), data: batchAuthorizationRecordedData }),
  z.object({ type: z.literal('CorrespondingAdjustmentRecorded'), data: correspondingAdjustmentRecordedData }),
  z.object({ type: z.literal('AuthorizedUnitsFirstTransferred'), data: authorizedUnitsFirstTransferredData }),
]);
export type BatchClaimsEvent = z.infer<typeof batchClaimsEvent>;
export const batchClaimsEventTypes = eventTypesOf(batchClaimsEvent);
export const isBatchClaimsEvent = eventGuard<BatchClaimsEvent>(batchClaimsEventTypes);

/** A batch's claims after an event of its stream: each event states the whole of what it is about. */
export function evolveBatchClaims(claims: BatchClaims, event: BatchClaimsEvent): BatchClaims {
  switch (event.type) {
    case 'BatchAuthorizationRecorded': {
      const { authorized, use, authorizedOn, letter } = event.data;
      return { ...claims, authorization: { authorized, use, authorizedOn, letter } };
    }
    case 'CorrespondingAdjustmentRecorded':
      return { ...claims, adjustment: { status: event.data.status, reportingPeriod: event.data.reportingPeriod } };
    // A fact about the units moved, not a change of what the batch may count for.
    case 'AuthorizedUnitsFirstTransferred':
      return claims;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

/** The claims a batch's stream holds (its events in order; others are passed by). */
export function foldBatchClaims(events: readonly { readonly type: string; readonly data: unknown }[]): BatchClaims {
  let claims = NO_BATCH_CLAIMS;
  for (const event of events) if (isBatchClaimsEvent(event)) claims = evolveBatchClaims(claims, event);
  return claims;
}
