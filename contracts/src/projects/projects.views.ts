import { z } from 'zod';
import { cancellationReasons, creditProjectTypes, mitigationKinds } from '../credit-market/credit-market.constants.js';
import { retiredBatchClaimsSchema, retirementUses } from '../credit-market/credit-use.js';
import { batchClaimsView } from './record-batch-claims.contract.js';
import { nextCursorField } from '../shared/paging.js';
import { documentKinds, documentMediaTypes, originRegistries, projectStatuses, reportStatuses } from './projects.constants.js';

const period = z.object({ start: z.string(), end: z.string() });
const perVintage = z.array(z.object({ vintage: z.number().int(), quantity: z.number().int() }));

/** Who acted, as the registry shows them: a name and an organisation, never an email or an address. */
export const registryParty = z.object({
  /** The user id; only in the signed-in views of those who work on the project. */
  id: z.string().nullable(),
  name: z.string(),
  organisation: z.string().nullable(),
});
export type RegistryParty = z.infer<typeof registryParty>;

export const projectDocumentView = z.object({
  sha256: z.string(),
  kind: z.enum(documentKinds),
  name: z.string(),
  size: z.number().int(),
  mediaType: z.enum(documentMediaTypes),
  /** The event that cited it (ProjectDrafted, ProjectValidated, MonitoringReportFiled, ...). */
  citedBy: z.string(),
  reportId: z.string().nullable(),
  citedAt: z.string(),
});
export type ProjectDocumentView = z.infer<typeof projectDocumentView>;

/** One vintage of an issuance: the proponent's batch and the buffer pool's, and whether the registry holds them yet. */
export const issuanceBatchView = z.object({
  vintage: z.number().int(),
  batchId: z.string(),
  quantity: z.number().int(),
  bufferBatchId: z.string().nullable(),
  bufferQuantity: z.number().int(),
  /** True once the batch's CreditsIssued is in the registry (the issuance reaction ran). */
  issued: z.boolean(),
});
export type IssuanceBatchView = z.infer<typeof issuanceBatchView>;

export const monitoringReportView = z.object({
  reportId: z.string(),
  projectId: z.string(),
  period,
  mitigation: z.enum(mitigationKinds),
  claimed: perVintage,
  verified: perVintage.nullable(),
  status: z.enum(reportStatuses),
  /** The last verifier's or registry's reasons (a rejection, a lower verified quantity, a return). */
  reasons: z.string().nullable(),
  filedAt: z.string(),
  verifiedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  batches: z.array(issuanceBatchView),
});
export type MonitoringReportView = z.infer<typeof monitoringReportView>;

/** A reversal: tCO2e lost, and what the buffer pool covered (null while the cover is not recorded yet). */
export const reversalView = z.object({
  reversalId: z.string(),
  quantity: z.number().int(),
  cause: z.string(),
  recordedAt: z.string(),
  covered: z.number().int().nullable(),
  shortfall: z.number().int().nullable(),
});
export type ReversalView = z.infer<typeof reversalView>;

export const projectView = z.object({
  projectId: z.string(),
  name: z.string(),
  projectType: z.enum(creditProjectTypes),
  mitigation: z.enum(mitigationKinds),
  hostCountry: z.string(),
  standard: z.string(),
  methodology: z.string(),
  location: z.string(),
  creditingPeriod: period,
  expectedAnnualQuantity: z.number().int(),
  description: z.string(),
  status: z.enum(projectStatuses),
  /** Why it was last rejected, refused or made inactive. */
  reasons: z.string().nullable(),
  proponent: registryParty,
  verifier: registryParty.nullable(),
  draftedAt: z.string(),
  registeredAt: z.string().nullable(),
  reports: z.array(monitoringReportView),
  documents: z.array(projectDocumentView),
  /** Credits issued from the project's reports, buffer share included. */
  issuedQuantity: z.number().int(),
  bufferQuantity: z.number().int(),
  /** Reversals recorded for the project, oldest first (docs/cancellations-and-reversals.md). */
  reversals: z.array(reversalView),
  /** What the buffer pool could not cover of the project's reversals: stated, never hidden. */
  reversalShortfall: z.number().int(),
});
export type ProjectView = z.infer<typeof projectView>;

export const listProjectsResponse = z.object({ projects: z.array(projectView) });
export type ListProjectsResponse = z.infer<typeof listProjectsResponse>;
/** A page of projects: the proponent's own, or the public registry's. */
export const pagedProjectsResponse = listProjectsResponse.extend({ nextCursor: nextCursorField });
export type PagedProjectsResponse = z.infer<typeof pagedProjectsResponse>;

/** A verifier the proponent can assign, with what the registry accredited it for. */
export const verifierView = z.object({
  id: z.string(),
  name: z.string(),
  organisation: z.string().nullable(),
  projectTypes: z.array(z.enum(creditProjectTypes)),
});
export type VerifierView = z.infer<typeof verifierView>;
export const listVerifiersResponse = z.object({ verifiers: z.array(verifierView) });
export type ListVerifiersResponse = z.infer<typeof listVerifiersResponse>;

/** A batch as the public registry lists it. */
export const registryBatchView = z.object({
  batchId: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  projectType: z.enum(creditProjectTypes),
  vintage: z.number().int(),
  quantity: z.number().int(),
  firstSerial: z.string(),
  lastSerial: z.string(),
  retired: z.number().int(),
  /** Cancelled without a claim, a reversal's cover from the buffer pool included. */
  cancelled: z.number().int(),
  /** True for the buffer pool's share of an issuance. */
  buffer: z.boolean(),
  reportId: z.string().nullable(),
  origin: z.object({ registry: z.enum(originRegistries), start: z.number().int(), end: z.number().int() }).nullable(),
  issuedAt: z.string(),
  /** Its Article 6 authorization, corresponding adjustment and labels (docs/credit-use.md). */
  claims: batchClaimsView,
});
export type RegistryBatchView = z.infer<typeof registryBatchView>;
export const listRegistryBatchesResponse = z.object({ batches: z.array(registryBatchView), nextCursor: nextCursorField });

export const registryRetirementView = z.object({
  retirementId: z.string(),
  batchId: z.string(),
  projectName: z.string(),
  quantity: z.number().int(),
  serials: z.array(z.string()),
  beneficiary: z.string(),
  purpose: z.string(),
  retiredAt: z.string(),
  /** What the retirement counts for, and its batch's state it was decided on (null before uses were recorded). */
  use: z.enum(retirementUses),
  claims: retiredBatchClaimsSchema.nullable(),
});
export const listRegistryRetirementsResponse = z.object({ retirements: z.array(registryRetirementView), nextCursor: nextCursorField });

/** A cancellation as the public registry lists it: no claim, never a retirement; no account id. */
export const registryCancellationView = z.object({
  cancellationId: z.string(),
  batchId: z.string(),
  projectName: z.string(),
  quantity: z.number().int(),
  serials: z.array(z.string()),
  reason: z.enum(cancellationReasons),
  note: z.string(),
  /** Whether the registry cancelled them (else their holder). */
  byRegistry: z.boolean(),
  /** A reversal's cover from the buffer pool: the project that lost them. */
  reversalProjectId: z.string().nullable(),
  cancelledAt: z.string(),
});
export type RegistryCancellationView = z.infer<typeof registryCancellationView>;
export const listRegistryCancellationsResponse = z.object({ cancellations: z.array(registryCancellationView), nextCursor: nextCursorField });
export type ListRegistryCancellationsResponse = z.infer<typeof listRegistryCancellationsResponse>;

/** GET /api/registry/serials/:serial: what the public may know of one serial. */
export const registrySerialView = z.object({
  serial: z.string(),
  batch: registryBatchView,
  status: z.enum(['active', 'retired', 'cancelled', 'in_vault', 'buffer']),
  retirement: registryRetirementView.nullable(),
});
export type RegistrySerialView = z.infer<typeof registrySerialView>;
