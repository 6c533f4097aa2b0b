import { z } from 'zod';
import { mitigationKinds } from '../credit-market/credit-market.constants.js';
import { freeText } from '../shared/free-text.js';
import { documentCitations } from './project-documents.js';
import { MAX_REPORT_VINTAGES, MAX_VINTAGE_QUANTITY } from './projects.constants.js';
import { datePeriod } from './register-project.contract.js';

const vintageQuantityRequest = z.object({
  vintage: z.number().int('Vintage must be a year').min(1990, 'Vintage must be 1990 or later').max(2100, 'Vintage must be 2100 or earlier'),
  quantity: z.number().int('Quantity must be a whole number of credits').min(0).max(MAX_VINTAGE_QUANTITY),
});

const perVintage = z
  .array(vintageQuantityRequest)
  .min(1, 'Name at least one vintage')
  .max(MAX_REPORT_VINTAGES, `At most ${MAX_REPORT_VINTAGES} vintages`)
  .refine((rows) => new Set(rows.map((row) => row.vintage)).size === rows.length, 'Each vintage may appear once');

/** POST /api/projects/:projectId/reports: the proponent files a monitoring report. */
export const fileMonitoringReportRequest = z.object({
  period: datePeriod('Monitoring period'),
  claimed: perVintage.refine((rows) => rows.some((row) => row.quantity > 0), 'Claim at least 1 credit'),
  /** Left out: what the project type does (reforestation removes, solar reduces). */
  mitigation: z.enum(mitigationKinds).optional(),
  documents: documentCitations,
});
export type FileMonitoringReportRequest = z.infer<typeof fileMonitoringReportRequest>;

/** POST /api/projects/:projectId/reports/:reportId/verification: the project's verifier verifies or rejects. */
export const decideVerificationRequest = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('verified'),
    verified: perVintage,
    reasons: freeText({ label: 'Reasons', max: 2000, multiline: true }).default(''),
    documents: documentCitations,
  }),
  z.object({ decision: z.literal('rejected'), reasons: freeText({ label: 'Reasons', min: 1, max: 2000, multiline: true }) }),
]);
export type DecideVerificationRequest = z.infer<typeof decideVerificationRequest>;

/** POST /api/projects/:projectId/reports/:reportId/review: the registry approves the issuance or sends it back. */
export const reviewIssuanceRequest = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approved') }),
  z.object({ decision: z.literal('returned'), reasons: freeText({ label: 'Reasons', min: 1, max: 2000, multiline: true }) }),
]);
export type ReviewIssuanceRequest = z.infer<typeof reviewIssuanceRequest>;

export const reportCommandResponse = z.object({
  projectId: z.string(),
  reportId: z.string(),
  status: z.string(),
  position: z.string(),
});
export type ReportCommandResponse = z.infer<typeof reportCommandResponse>;
