import { z } from 'zod';
import { tokenIdPattern } from '../credit-market/credit-market.constants.js';
import { adjustmentStatuses, authorizedUses, creditLabels, reportingPeriodPattern } from '../credit-market/credit-use.js';
import { citedDocument, documentCitation } from './project-documents.js';

export const batchParams = z.object({ batchId: z.string().trim().regex(tokenIdPattern, 'Batch id must look like SOLAR-2026-7F3A9C21') });

/** POST /api/registry/batches/:batchId/authorization: the host country's letter, as the registry records it. */
export const recordBatchAuthorizationRequest = z.discriminatedUnion('authorized', [
  z.object({
    authorized: z.literal(true),
    use: z.enum(authorizedUses, { error: `Use must be one of: ${authorizedUses.join(', ')}` }),
    authorizedOn: z.iso.date({ error: 'Date of authorization must be a date (YYYY-MM-DD)' }),
    /** The letter of authorization, uploaded first (POST /api/documents). */
    letter: documentCitation,
  }),
  z.object({ authorized: z.literal(false) }),
]);
export type RecordBatchAuthorizationRequest = z.infer<typeof recordBatchAuthorizationRequest>;

/** POST /api/registry/batches/:batchId/adjustment: the corresponding adjustment's status and its reporting period. */
export const recordCorrespondingAdjustmentRequest = z.object({
  status: z.enum(adjustmentStatuses, { error: `Status must be one of: ${adjustmentStatuses.join(', ')}` }),
  reportingPeriod: z
    .string()
    .trim()
    .regex(reportingPeriodPattern, 'Reporting period must be a year or a span of years (2026 or 2025-2026)')
    .nullable()
    .default(null),
});
export type RecordCorrespondingAdjustmentRequest = z.infer<typeof recordCorrespondingAdjustmentRequest>;

/** A batch's Article 6 state and labels, as every view that shows a batch carries them. */
export const batchClaimsView = z.object({
  authorized: z.boolean(),
  authorizedUse: z.enum(authorizedUses).nullable(),
  authorizedOn: z.string().nullable(),
  letter: citedDocument.nullable(),
  adjustment: z.enum(adjustmentStatuses),
  reportingPeriod: z.string().nullable(),
  labels: z.array(z.enum(creditLabels)),
});
export type BatchClaimsView = z.infer<typeof batchClaimsView>;

export const batchClaimsResponse = z.object({ batchId: z.string(), claims: batchClaimsView, position: z.string() });
export type BatchClaimsResponse = z.infer<typeof batchClaimsResponse>;
