import { z } from 'zod';
import { creditProjectTypes, mitigationKinds, tokenIdPattern } from '../credit-market/credit-market.constants.js';
import { retirementStandards } from '../credit-market/credit-market.constants.js';
import { isoCountryCodes } from '../shared/countries.js';
import { eventGuard, eventTypesOf } from '../shared/event-union.js';
import { citedDocuments } from './project-documents.js';
import { MAX_IMPORT_QUANTITY, MAX_ORIGIN_SERIAL, MAX_REPORT_VINTAGES, MAX_VINTAGE_QUANTITY, originRegistries } from './projects.constants.js';

/** One stream per project: its lifecycle, its monitoring reports and the issuances approved from them. */
export const projectStreamId = (projectId: string): string => `project-${projectId}`;
export const PROJECT_STREAM_PREFIX = 'project-';
/** One stream per verifier: the project types the registry accredited it for. */
export const verifierStreamId = (verifierId: string): string => `verifier-${verifierId}`;
/** One stream per origin registry: every serial range brought from it, so no range is recorded twice. */
export const originRegistryStreamId = (registry: string): string => `origin-registry-${registry.replaceAll(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`;

const isoDate = z.iso.date();
const period = z.object({ start: isoDate, end: isoDate });
const reasons = z.string().min(1).max(2000);
const actorOrganisation = z.string().max(200).nullable();

/** Credits per vintage year, as claimed in a report or as verified. */
export const vintageQuantity = z.object({
  vintage: z.number().int().min(1990).max(2100),
  quantity: z.number().int().min(0).max(MAX_VINTAGE_QUANTITY),
});
export type VintageQuantity = z.infer<typeof vintageQuantity>;
export const vintageQuantities = z.array(vintageQuantity).min(1).max(MAX_REPORT_VINTAGES);

export const projectDraftedData = z.object({
  projectId: z.string().min(1).max(100),
  proponentId: z.string().min(1),
  proponentOrganisation: actorOrganisation,
  name: z.string().min(1).max(200),
  projectType: z.enum(creditProjectTypes),
  mitigation: z.enum(mitigationKinds),
  hostCountry: z.enum(isoCountryCodes),
  standard: z.enum(retirementStandards),
  methodology: z.string().min(1).max(200),
  location: z.string().max(200),
  creditingPeriod: period,
  /** tCO2e a year the proponent expects the project to reduce or remove. */
  expectedAnnualQuantity: z.number().int().min(0).max(MAX_VINTAGE_QUANTITY),
  description: z.string().max(2000),
  documents: citedDocuments,
  draftedAt: z.iso.datetime(),
});

export const validationRequestedData = z.object({
  projectId: z.string().min(1),
  verifierId: z.string().min(1),
  verifierName: z.string().max(200),
  verifierOrganisation: actorOrganisation,
  requestedBy: z.string().min(1),
  requestedAt: z.iso.datetime(),
});

export const projectValidatedData = z.object({
  projectId: z.string().min(1),
  verifierId: z.string().min(1),
  comment: z.string().max(2000),
  documents: citedDocuments,
  validatedAt: z.iso.datetime(),
});

/** The verifier found the project does not meet its methodology; the proponent may ask again. */
export const validationRejectedData = z.object({
  projectId: z.string().min(1),
  verifierId: z.string().min(1),
  reasons,
  documents: citedDocuments,
  rejectedAt: z.iso.datetime(),
});

export const projectRegisteredData = z.object({
  projectId: z.string().min(1),
  registeredBy: z.string().min(1),
  registeredAt: z.iso.datetime(),
});

export const registrationRefusedData = z.object({
  projectId: z.string().min(1),
  refusedBy: z.string().min(1),
  reasons,
  refusedAt: z.iso.datetime(),
});

export const projectDeactivatedData = z.object({
  projectId: z.string().min(1),
  deactivatedBy: z.string().min(1),
  reasons,
  deactivatedAt: z.iso.datetime(),
});

export const xrplMintOfReport = z.object({
  nftId: z.string().min(1),
  mintTxHash: z.string().regex(/^[0-9A-F]{64}$/),
  /** The KYC-checked address that signed the mint. */
  minter: z.string().min(1),
  destinationAddress: z.string().min(1),
});
export type XrplMintOfReport = z.infer<typeof xrplMintOfReport>;

export const monitoringReportFiledData = z.object({
  projectId: z.string().min(1),
  reportId: z.uuid(),
  period,
  claimed: vintageQuantities,
  mitigation: z.enum(mitigationKinds),
  documents: citedDocuments,
  /** Filed from the /xrpl Issue tab: the batch NFT the proponent minted, and where the credits are paid as NXCC once issued. */
  xrplMint: xrplMintOfReport.optional(),
  filedBy: z.string().min(1),
  filedAt: z.iso.datetime(),
});

export const monitoringReportVerifiedData = z.object({
  projectId: z.string().min(1),
  reportId: z.uuid(),
  verifierId: z.string().min(1),
  verified: vintageQuantities,
  /** Why fewer credits were verified than claimed; empty when every vintage was verified in full. */
  reasons: z.string().max(2000),
  documents: citedDocuments,
  verifiedAt: z.iso.datetime(),
});

export const monitoringReportRejectedData = z.object({
  projectId: z.string().min(1),
  reportId: z.uuid(),
  verifierId: z.string().min(1),
  reasons,
  rejectedAt: z.iso.datetime(),
});

/** One vintage of an approved issuance: the batch to the proponent, and the buffer pool's share as a batch of its own. */
export const approvedBatch = z.object({
  vintage: z.number().int(),
  batchId: z.string().regex(tokenIdPattern),
  quantity: z.number().int().min(1),
  bufferBatchId: z.string().regex(tokenIdPattern).nullable(),
  bufferQuantity: z.number().int().min(0),
});
export type ApprovedBatch = z.infer<typeof approvedBatch>;

/** The registry approved a verified report: these batches are issued from it, once. */
export const issuanceApprovedData = z.object({
  projectId: z.string().min(1),
  reportId: z.uuid(),
  approvedBy: z.string().min(1),
  /** Registry account (user id) that receives the credits: the proponent. */
  accountId: z.string().min(1),
  bufferSharePercent: z.number().int().min(0).max(100),
  batches: z.array(approvedBatch).min(1).max(MAX_REPORT_VINTAGES),
  approvedAt: z.iso.datetime(),
});

/** The registry sent a verified report back to its verifier, with reasons. */
export const issuanceReturnedData = z.object({
  projectId: z.string().min(1),
  reportId: z.uuid(),
  returnedBy: z.string().min(1),
  reasons,
  returnedAt: z.iso.datetime(),
});

/**
 * The registry records a reversal (docs/cancellations-and-reversals.md): tCO2e the project's
 * mitigation lost (a fire, a pest, a storm, land-use change), its cause and evidence. The reaction
 * then cancels as many credits of the buffer pool, oldest first, naming this reversal.
 */
export const reversalRecordedData = z.object({
  projectId: z.string().min(1),
  reversalId: z.uuid(),
  quantity: z.number().int().min(1).max(MAX_VINTAGE_QUANTITY),
  cause: z.string().min(1).max(2000),
  documents: citedDocuments,
  recordedBy: z.string().min(1),
  recordedAt: z.iso.datetime(),
});

/** What the buffer pool covered of a reversal, and the shortfall it could not: stated, never hidden. */
export const reversalCoveredData = z.object({
  projectId: z.string().min(1),
  reversalId: z.uuid(),
  covered: z.number().int().min(0),
  shortfall: z.number().int().min(0),
  cancellations: z.array(z.object({ cancellationId: z.uuid(), batchId: z.string().regex(tokenIdPattern), quantity: z.number().int().positive() })),
  coveredAt: z.iso.datetime(),
});

export const verifierAccreditedData = z.object({
  verifierId: z.string().min(1),
  projectTypes: z.array(z.enum(creditProjectTypes)).min(1),
  accreditedBy: z.string().min(1),
  accreditedAt: z.iso.datetime(),
});

/** Credits of another registry recorded here by their origin serial range (the range is cancelled there). */
export const creditsImportRecordedData = z.object({
  importId: z.uuid(),
  originRegistry: z.enum(originRegistries),
  originStart: z.number().int().min(1).max(MAX_ORIGIN_SERIAL),
  originEnd: z.number().int().min(1).max(MAX_ORIGIN_SERIAL),
  projectId: z.string().min(1),
  vintage: z.number().int(),
  quantity: z.number().int().min(1).max(MAX_IMPORT_QUANTITY),
  batchId: z.string().regex(tokenIdPattern),
  accountId: z.string().min(1),
  recordedBy: z.string().min(1),
  recordedAt: z.iso.datetime(),
});

export const projectEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ProjectDrafted'), data: projectDraftedData }),
  z.object({ type: z.literal('ValidationRequested'), data: validationRequestedData }),
  z.object({ type: z.literal('ProjectValidated'), data: projectValidatedData }),
  z.object({ type: z.literal('ValidationRejected'), data: validationRejectedData }),
  z.object({ type: z.literal('ProjectRegistered'), data: projectRegisteredData }),
  z.object({ type: z.literal('RegistrationRefused'), data: registrationRefusedData }),
  z.object({ type: z.literal('ProjectDeactivated'), data: projectDeactivatedData }),
  z.object({ type: z.literal('MonitoringReportFiled'), data: monitoringReportFiledData }),
  z.object({ type: z.literal('MonitoringReportVerified'), data: monitoringReportVerifiedData }),
  z.object({ type: z.literal('MonitoringReportRejected'), data: monitoringReportRejectedData }),
  z.object({ type: z.literal('IssuanceApproved'), data: issuanceApprovedData }),
  z.object({ type: z.literal('IssuanceReturned'), data: issuanceReturnedData }),
  z.object({ type: z.literal('ReversalRecorded'), data: reversalRecordedData }),
  z.object({ type: z.literal('ReversalCovered'), data: reversalCoveredData }),
]);
export type ProjectEvent = z.infer<typeof projectEvent>;
export const projectEventTypes = eventTypesOf(projectEvent);
export const isProjectEvent = eventGuard<ProjectEvent>(projectEventTypes);

export const verifierEvent = z.discriminatedUnion('type', [z.object({ type: z.literal('VerifierAccredited'), data: verifierAccreditedData })]);
export type VerifierEvent = z.infer<typeof verifierEvent>;
export const verifierEventTypes = eventTypesOf(verifierEvent);
export const isVerifierEvent = eventGuard<VerifierEvent>(verifierEventTypes);

export const originRegistryEvent = z.discriminatedUnion('type', [z.object({ type: z.literal('CreditsImportRecorded'), data: creditsImportRecordedData })]);
export type OriginRegistryEvent = z.infer<typeof originRegistryEvent>;
export const originRegistryEventTypes = eventTypesOf(originRegistryEvent);
export const isOriginRegistryEvent = eventGuard<OriginRegistryEvent>(originRegistryEventTypes);

export type ProjectDrafted = Extract<ProjectEvent, { type: 'ProjectDrafted' }>;
export type MonitoringReportFiled = Extract<ProjectEvent, { type: 'MonitoringReportFiled' }>;
export type IssuanceApproved = Extract<ProjectEvent, { type: 'IssuanceApproved' }>;
export type ReversalRecordedData = z.infer<typeof reversalRecordedData>;
export type CreditsImportRecorded = Extract<OriginRegistryEvent, { type: 'CreditsImportRecorded' }>;
