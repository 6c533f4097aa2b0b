import type { CreditProjectType } from '../credit-market/credit-market.constants.js';

/**
 * Where a project stands (docs/registry.md, "Lifecycle"): drafted by its proponent, validated by
 * an independent verifier, registered by the registry; rejected (with reasons) at either step, or
 * made inactive by the registry. A rejected project may ask for validation again.
 */
export const projectStatuses = ['draft', 'under_validation', 'validated', 'registered', 'rejected', 'inactive'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];

export const projectStatusLabels: Readonly<Record<ProjectStatus, string>> = {
  draft: 'Draft',
  under_validation: 'Under validation',
  validated: 'Validated, awaiting registration',
  registered: 'Registered',
  rejected: 'Rejected',
  inactive: 'Inactive',
};

/**
 * Where a monitoring report stands: filed, verified by the project's verifier (or rejected), then
 * approved by the registry (credits issued from it) or sent back to the verifier.
 */
export const reportStatuses = ['awaiting_verification', 'verified', 'rejected', 'approved'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export const reportStatusLabels: Readonly<Record<ReportStatus, string>> = {
  awaiting_verification: 'Awaiting verification',
  verified: 'Verified, awaiting registry review',
  rejected: 'Rejected by the verifier',
  approved: 'Approved for issuance',
};

/** Standards a project is developed under (the standards a retirement may name). */
export { retirementStandards as projectStandards } from '../credit-market/credit-market.constants.js';

/**
 * Share of each issuance that a project type with reversal risk contributes to the registry's
 * buffer pool, in percent (docs/registry.md, "Buffer pool"): nature-based projects can lose the
 * carbon they stored (fire, pests, logging), so part of every issuance is held back to cover it,
 * as Verra's AFOLU pooled buffer does (10-20 % by risk). Others contribute nothing.
 */
export const bufferSharePercent: Readonly<Record<CreditProjectType, number>> = {
  'Solar Energy': 0,
  'Wind Energy': 0,
  Reforestation: 15,
  'Energy Efficiency': 0,
  Forestry: 20,
  Hydroelectric: 0,
  Geothermal: 0,
};

/** The buffer credits of an issuance: the share, rounded up, never the whole issuance. */
export function bufferQuantityOf(quantity: number, sharePercent: number): number {
  if (sharePercent <= 0 || quantity < 2) return 0;
  return Math.min(quantity - 1, Math.ceil((quantity * sharePercent) / 100));
}

/** Registry account of the buffer pool; no user has this id (user ids are UUIDs). */
export const BUFFER_POOL_ACCOUNT_ID = 'registry-buffer-pool';

/** Registries credits can be brought from, each with its own serial numbering. */
export const originRegistries = ['Verra', 'Gold Standard', 'American Carbon Registry', 'Climate Action Reserve', 'Puro.earth', 'Isometric'] as const;
export type OriginRegistry = (typeof originRegistries)[number];

/** Largest serial number of an origin range we accept (Verra's run into the billions). */
export const MAX_ORIGIN_SERIAL = 999_999_999_999;
/** Most credits one import (and one batch) may carry. */
export const MAX_IMPORT_QUANTITY = 100_000_000;
/** Most credits a monitoring report may claim for one vintage. */
export const MAX_VINTAGE_QUANTITY = 100_000_000;
/** Vintages a monitoring report may span. */
export const MAX_REPORT_VINTAGES = 10;

/** Kinds of document a project cites. */
export const documentKinds = ['project_design_document', 'validation_report', 'monitoring_report', 'verification_statement', 'letter', 'other'] as const;
export type DocumentKind = (typeof documentKinds)[number];

export const documentKindLabels: Readonly<Record<DocumentKind, string>> = {
  project_design_document: 'Project design document',
  validation_report: 'Validation report',
  monitoring_report: 'Monitoring report',
  verification_statement: 'Verification statement',
  letter: 'Letter',
  other: 'Other document',
};

/** Media types a document may have; anything else is refused with 415. */
export const documentMediaTypes = ['application/pdf', 'image/png', 'image/jpeg', 'text/plain', 'text/csv', 'application/json'] as const;
export type DocumentMediaType = (typeof documentMediaTypes)[number];

/** Largest document accepted, in bytes (5 MiB); a larger one is refused with 413. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
/** Most documents one event may cite. */
export const MAX_CITED_DOCUMENTS = 20;
