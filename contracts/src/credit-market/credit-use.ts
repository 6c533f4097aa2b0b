import { z } from 'zod';
import type { RetirementStandard } from './credit-market.constants.js';

/**
 * What a credit may be used for (docs/credit-use.md): the host country's authorization of a batch
 * under Article 6.2 of the Paris Agreement, the corresponding adjustment that follows it, the
 * labels derived from both, and the use a retirement states.
 */

/** What the host country's letter authorizes the batch's units for (decision 2/CMA.3, annex, I.A). */
export const authorizedUses = ['ndc', 'oimp', 'ndc_and_oimp'] as const;
export type AuthorizedUse = (typeof authorizedUses)[number];
export const authorizedUseLabels: Readonly<Record<AuthorizedUse, string>> = {
  ndc: 'Use towards an NDC',
  oimp: 'Other international mitigation purposes (OIMP)',
  ndc_and_oimp: 'NDC and other international mitigation purposes',
};

/** The host country's accounting for authorized units it transfers (decision 2/CMA.3, annex, III). */
export const adjustmentStatuses = ['not_applicable', 'pending', 'applied'] as const;
export type AdjustmentStatus = (typeof adjustmentStatuses)[number];
export const adjustmentStatusLabels: Readonly<Record<AdjustmentStatus, string>> = {
  not_applicable: 'Not applicable',
  pending: 'Pending',
  applied: 'Applied',
};

/** A reporting period as the host country reports the adjustment: one year or a span of years. */
export const reportingPeriodPattern = /^(\d{4})(?:-(\d{4}))?$/;

/** What a retirement counts for; voluntary needs nothing of the batch. */
export const retirementUses = ['voluntary', 'corsia', 'ndc', 'other_international'] as const;
export type RetirementUse = (typeof retirementUses)[number];
export const DEFAULT_RETIREMENT_USE: RetirementUse = 'voluntary';
export const retirementUseLabels: Readonly<Record<RetirementUse, string>> = {
  voluntary: 'Voluntary',
  corsia: 'CORSIA',
  ndc: 'NDC',
  other_international: 'Other international mitigation purposes',
};

export const creditLabels = ['CCP-approved', 'CORSIA eligible'] as const;
export type CreditLabel = (typeof creditLabels)[number];

/** A letter of authorization as an event cites it (the projects' CitedDocument, by its shape). */
export interface CitedLetter {
  readonly sha256: string;
  readonly kind: string;
  readonly name: string;
  readonly size: number;
  readonly mediaType: string;
}

export interface BatchAuthorization {
  readonly authorized: boolean;
  readonly use: AuthorizedUse | null;
  /** The date of the letter of authorization. */
  readonly authorizedOn: string | null;
  readonly letter: CitedLetter | null;
}

export interface CorrespondingAdjustment {
  readonly status: AdjustmentStatus;
  readonly reportingPeriod: string | null;
}

/** What the registry recorded of a batch's Article 6 state; nothing recorded is "not authorized, adjustment not applicable". */
export interface BatchClaims {
  readonly authorization: BatchAuthorization | null;
  readonly adjustment: CorrespondingAdjustment | null;
}

export const NO_BATCH_CLAIMS: BatchClaims = { authorization: null, adjustment: null };

/** The facts of a batch that its labels and its uses follow from. */
export interface BatchFacts {
  readonly batchId: string;
  readonly standard: string;
  readonly methodology: string;
  readonly vintage: number;
  readonly claims: BatchClaims;
}

/** The configured lists the labels are read against (the service's CCP_*, CORSIA_* variables). */
export interface LabelRules {
  /** Methodology codes (the methodology's first word, e.g. AR-ACM0003) the ICVCM approved as CCP. */
  readonly ccpApprovedMethodologies: readonly string[];
  /** Programmes (standards) ICAO's Council found CORSIA eligible for the compliance period. */
  readonly corsiaEligibleStandards: readonly string[];
  /** Vintages the compliance period accepts, both ends included. */
  readonly corsiaVintages: { readonly from: number; readonly to: number };
}

/**
 * The documented defaults (docs/credit-use.md, "Labels"): CCP-approved methodologies as the ICVCM's
 * assessments decided them for the categories our project types use (afforestation/reforestation,
 * REDD+, landfill gas; renewable-energy methodologies were not approved), and the programmes and
 * vintages of CORSIA's first phase (2024-2026).
 */
export const defaultLabelRules: LabelRules = {
  ccpApprovedMethodologies: ['AR-ACM0003', 'VM0047', 'VM0048', 'ACM0001'],
  corsiaEligibleStandards: ['American Carbon Registry', 'Gold Standard', 'Verra VCS'] satisfies RetirementStandard[],
  corsiaVintages: { from: 2021, to: 2026 },
};

/** A methodology's code: its first word ("AR-ACM0003 Afforestation and …" is AR-ACM0003). */
export const methodologyCode = (methodology: string): string => methodology.trim().split(/\s+/)[0]?.toUpperCase() ?? '';

const authorizedFor = (claims: BatchClaims, purpose: 'ndc' | 'oimp'): boolean =>
  claims.authorization?.authorized === true && (claims.authorization.use === purpose || claims.authorization.use === 'ndc_and_oimp');

const adjusted = (claims: BatchClaims): boolean => claims.adjustment?.status === 'pending' || claims.adjustment?.status === 'applied';

/** Why a batch is not CORSIA eligible, the first missing condition; undefined when it is. */
function corsiaGap(facts: BatchFacts, rules: LabelRules): string | undefined {
  if (!rules.corsiaEligibleStandards.includes(facts.standard)) return `${facts.standard} is not a CORSIA-eligible programme`;
  const { from, to } = rules.corsiaVintages;
  if (facts.vintage < from || facts.vintage > to) return `vintage ${facts.vintage} is outside CORSIA's eligible vintages ${from}-${to}`;
  if (!authorizedFor(facts.claims, 'oimp')) return 'it is not authorized for other international mitigation purposes';
  if (!adjusted(facts.claims)) return 'it has no corresponding adjustment pending or applied';
  return undefined;
}

/** A batch's labels: a pure function of its facts and the configured lists, the same on the server and in the console. */
export function batchLabels(facts: BatchFacts, rules: LabelRules = defaultLabelRules): CreditLabel[] {
  const labels: CreditLabel[] = [];
  if (rules.ccpApprovedMethodologies.map((code) => code.toUpperCase()).includes(methodologyCode(facts.methodology))) labels.push('CCP-approved');
  if (corsiaGap(facts, rules) === undefined) labels.push('CORSIA eligible');
  return labels;
}

/**
 * Why a batch's serials may not be retired for a use, naming the missing condition; undefined
 * when they may. Voluntary use needs nothing; NDC and other international use need the
 * authorization for that purpose and a corresponding adjustment; CORSIA needs the CORSIA label.
 */
export function retirementUseRefusal(use: RetirementUse, facts: BatchFacts, rules: LabelRules = defaultLabelRules): string | undefined {
  const batch = `Batch ${facts.batchId}`;
  switch (use) {
    case 'voluntary':
      return undefined;
    case 'ndc':
      if (!authorizedFor(facts.claims, 'ndc')) return `${batch} is not authorized for use toward an NDC`;
      if (!adjusted(facts.claims)) return `${batch} has no corresponding adjustment pending or applied`;
      return undefined;
    case 'other_international':
      if (!authorizedFor(facts.claims, 'oimp')) return `${batch} is not authorized for other international mitigation purposes`;
      if (!adjusted(facts.claims)) return `${batch} has no corresponding adjustment pending or applied`;
      return undefined;
    case 'corsia': {
      const gap = corsiaGap(facts, rules);
      return gap === undefined ? undefined : `${batch} is not CORSIA eligible: ${gap}`;
    }
    default: {
      const exhaustive: never = use;
      return exhaustive;
    }
  }
}

/** What a retirement records of its batch's state when it was decided: printed on its certificate and reports. */
export interface RetiredBatchClaims {
  readonly authorized: boolean;
  readonly authorizedUse: AuthorizedUse | null;
  readonly adjustment: AdjustmentStatus;
  readonly reportingPeriod: string | null;
  readonly labels: CreditLabel[];
}

export function retiredBatchClaims(facts: BatchFacts, rules: LabelRules = defaultLabelRules): RetiredBatchClaims {
  const authorization = facts.claims.authorization;
  return {
    authorized: authorization?.authorized === true,
    authorizedUse: authorization?.authorized ? authorization.use : null,
    adjustment: facts.claims.adjustment?.status ?? 'not_applicable',
    reportingPeriod: facts.claims.adjustment?.reportingPeriod ?? null,
    labels: batchLabels(facts, rules),
  };
}

/** What a retired batch carried: its authorization, adjustment and labels, in one line. */
export function describeRetiredClaims(claims: RetiredBatchClaims): string {
  return [
    claims.authorized && claims.authorizedUse ? `authorized for ${authorizedUseLabels[claims.authorizedUse]}` : 'not authorized under Article 6',
    `corresponding adjustment ${adjustmentStatusLabels[claims.adjustment].toLowerCase()}${claims.reportingPeriod ? ` (${claims.reportingPeriod})` : ''}`,
    claims.labels.length > 0 ? `labels ${claims.labels.join(', ')}` : 'no labels',
  ].join('; ');
}

/** One line for a certificate, a report or an export: the use, then what the batch carried. */
export function describeRetiredUse(use: RetirementUse, claims: RetiredBatchClaims | undefined): string {
  return claims ? `Use: ${retirementUseLabels[use]}; ${describeRetiredClaims(claims)}` : `Use: ${retirementUseLabels[use]}`;
}

/** What a retirement records of its batch's claims and labels when its use was decided (RetiredBatchClaims). */
export const retiredBatchClaimsSchema = z.object({
  authorized: z.boolean(),
  authorizedUse: z.enum(authorizedUses).nullable(),
  adjustment: z.enum(adjustmentStatuses),
  reportingPeriod: z.string().regex(reportingPeriodPattern).nullable(),
  labels: z.array(z.enum(creditLabels)),
});
