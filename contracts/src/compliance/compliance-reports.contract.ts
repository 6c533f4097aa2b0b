import { z } from 'zod';
import { cancellationReasons, creditProjectTypes, mitigationKinds } from '../credit-market/credit-market.constants.js';
import { dateRangeBounds, dateRangeSchema } from '../shared/date-range.js';
import { fileNameTimestamp } from './evidence-export.contract.js';
import { retiredBatchClaimsSchema, retirementUses } from '../credit-market/credit-use.js';

export const reportFrameworks = ['csrd', 'issb', 'un-sdg'] as const;
export type ReportFramework = (typeof reportFrameworks)[number];
export const reportFormats = ['json', 'pdf'] as const;
export type ReportFormat = (typeof reportFormats)[number];

/** What the Generate Reports list shows, and the reports' titles and disclosure references. */
export const reportFrameworkInfo: Readonly<Record<ReportFramework, { name: string; description: string; title: string; reference: string }>> = {
  csrd: {
    name: 'CSRD',
    description: 'ESRS E1 carbon credits disclosure',
    title: 'CSRD report: carbon credits cancelled (ESRS E1-7)',
    reference: 'ESRS E1-7',
  },
  issb: {
    name: 'ISSB',
    description: 'IFRS S2 carbon credits',
    title: 'ISSB report: carbon credits used (IFRS S2 paragraph 36(e))',
    reference: 'IFRS S2 paragraph 36(e)',
  },
  'un-sdg': {
    name: 'UN SDG',
    description: 'Impact by goal',
    title: 'UN SDG report: carbon credits retired by goal',
    reference: 'UN Sustainable Development Goals',
  },
};

/** "csrd-report-2026-11-22T10-15-00-000Z.json": a timestamped name, safe on every file system. */
export function complianceReportFileName(framework: ReportFramework, format: ReportFormat, at: Date): string {
  return `${framework}-report-${fileNameTimestamp(at)}.${format}`;
}

/** A report period as instants (ms since the epoch); a bare date as the end means the whole of that day. */
export const reportPeriodBounds = dateRangeBounds;

/**
 * POST /api/compliance/reports. The period selects issuances and retirements by the
 * time the ledger gives them (issuedAt, retiredAt); a bare date as `to` means the whole of that day.
 */
export const complianceReportRequest = z.object({
  framework: z.enum(reportFrameworks, { error: `framework must be one of: ${reportFrameworks.join(', ')}` }),
  period: dateRangeSchema('The start of the period must not be after its end').optional().default({}),
  format: z.enum(reportFormats, { error: `format must be one of: ${reportFormats.join(', ')}` }).default('json'),
});
export type ComplianceReportRequest = z.infer<typeof complianceReportRequest>;
export type ComplianceReportInput = z.input<typeof complianceReportRequest>;

export const COMPLIANCE_REPORT_FORMAT = 'carbon-ledger-report/1';

const count = z.number().int().nonnegative();
/** Credits are whole tonnes: one credit is one tCO2e. */
const tco2e = z.number().int().nonnegative();
/** Percent of the period's retired tCO2e, 2 decimals; 0 when nothing was retired. */
const sharePercent = z.number().min(0).max(100);
const position = z.string();

const retiredTotal = z.object({ count, tCO2e: tco2e });

export const reportRetirement = z.object({
  retirementId: z.string(),
  retiredAt: z.iso.datetime(),
  beneficiary: z.string(),
  purpose: z.string(),
  tokenId: z.string(),
  /** null when the log holds no issuance of the batch. */
  projectName: z.string().nullable(),
  projectType: z.enum(creditProjectTypes),
  mitigation: z.enum(mitigationKinds),
  vintage: z.number().int(),
  quantity: tco2e,
  serialRanges: z.array(z.string()),
  standard: z.string(),
  offsetType: z.string(),
  /** What the retirement counts for (voluntary where it stated none), and its batch's authorization, adjustment and labels then (docs/credit-use.md). */
  use: z.enum(retirementUses),
  claims: retiredBatchClaimsSchema.nullable(),
  sdgs: z.array(z.number().int()),
  xrpl: z.object({
    /** 'pending' until the XRPL settlement of the retirement is recorded. */
    status: z.enum(['pending', 'settled', 'partial', 'failed']),
    /** Burn payment or retirement memo, NFT burn. */
    transactions: z.array(z.object({ purpose: z.string(), hash: z.string() })),
  }),
  /** Where the CreditsRetired event sits in the log, and its hash-chain hash. */
  position,
  eventHash: z.string(),
});
export type ReportRetirement = z.infer<typeof reportRetirement>;

export const reportSeal = z.object({
  sealNumber: z.number().int(),
  toPosition: position,
  merkleRoot: z.string(),
  sealHash: z.string(),
  sealedAt: z.iso.datetime(),
  anchor: z.object({ txHash: z.string(), network: z.string(), ledgerIndex: z.number().int().nullable(), anchoredAt: z.iso.datetime() }).nullable(),
});
export type ReportSeal = z.infer<typeof reportSeal>;

export const reportLedgerCoverage = z.object({
  eventsRead: count,
  firstPosition: position.nullable(),
  lastPosition: position.nullable(),
  /** The issuances, retirements, trades and cash movements in the period and the XRPL settlements of those retirements. */
  eventsUsed: count,
  /** The seal covering the last event used (the newest seal when none covers it yet); null before the first seal. */
  seal: reportSeal.nullable(),
  /** Events used that `seal` does not cover yet. */
  unsealedEvents: count,
});
export type ReportLedgerCoverage = z.infer<typeof reportLedgerCoverage>;

/** USD with 2 decimals, as the funds API shows money. */
const usd = z.string().regex(/^\d+\.\d{2}$/);
const cashTotal = z.object({ count, amount: usd });

/**
 * The period's cash on the platform's ledger (docs/funds.md), from the same log: money in and out on
 * XRPL, payments held for review, and what trades paid for credits. Dated by the events' own times
 * (depositedAt, postedAt, heldAt, executedAt).
 */
export const reportCash = z.object({
  currency: z.literal('USD'),
  deposits: cashTotal,
  /** Paid out on XRPL (posted); requested or voided ones moved no money. */
  withdrawals: cashTotal,
  /** Payments with a missing or unknown destination tag: received, not credited to anyone until compliance assigns them. */
  heldDeposits: cashTotal,
  /** Held payments compliance sent back to their senders (validated on XRPL in the period); never on the cash ledger. */
  refundedDeposits: cashTotal,
  /** Fills of funded buy orders: the notional paid to sellers and the Platform Fee paid by buyers. */
  trades: z.object({ count, notional: usd, fees: usd }),
  /** Swaps settled on XRPL itself (the AMM pool, paid in XRP): no cash ledger movement, the payment is the XRPL transaction. */
  tradesPaidOnXrpl: count,
  /** Trades that moved credits with no payment recorded (direct registry transfers, fills from before funded orders). */
  tradesWithoutCash: count,
});
export type ReportCash = z.infer<typeof reportCash>;

const qualityStandardShare = z.object({ standard: z.string(), count, tCO2e: tco2e, sharePercent });
const mitigationShare = z.object({ mitigation: z.enum(mitigationKinds), label: z.string(), count, tCO2e: tco2e, sharePercent });

export const csrdDisclosure = z.object({
  framework: z.literal('csrd'),
  reference: z.string(),
  heading: z.string(),
  creditsCancelledTCO2e: tco2e,
  removalsSharePercent: sharePercent,
  reductionsSharePercent: sharePercent,
  qualityStandards: z.array(qualityStandardShare),
  notes: z.array(z.string()),
});

export const issbDisclosure = z.object({
  framework: z.literal('issb'),
  reference: z.string(),
  heading: z.string(),
  extent: retiredTotal,
  certificationSchemes: z.array(qualityStandardShare),
  creditTypes: z.array(mitigationShare),
  notes: z.array(z.string()),
});

export const unSdgDisclosure = z.object({
  framework: z.literal('un-sdg'),
  reference: z.string(),
  heading: z.string(),
  goals: z.array(z.object({ goal: z.number().int(), name: z.string(), count, tCO2e: tco2e })),
  notes: z.array(z.string()),
});

/**
 * The report document. `sha256` is the hex sha256 of canonicalJson of the document
 * without its `sha256` member, so an auditor can recompute and cite it.
 */
export const complianceReport = z.object({
  format: z.literal(COMPLIANCE_REPORT_FORMAT),
  framework: z.enum(reportFrameworks),
  title: z.string(),
  period: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  generatedAt: z.iso.datetime(),
  unit: z.literal('tCO2e'),
  ledger: reportLedgerCoverage,
  retirements: z.object({
    totals: retiredTotal,
    byMonth: z.array(z.object({ month: z.string().regex(/^\d{4}-\d\d$/), count, tCO2e: tco2e })),
    byMitigation: z.array(mitigationShare),
    byStandard: z.array(qualityStandardShare),
    byOffsetType: z.array(z.object({ offsetType: z.string(), count, tCO2e: tco2e, sharePercent })),
    /** Retired per use: voluntary, CORSIA, NDC, other international mitigation purposes. */
    byUse: z.array(z.object({ use: z.enum(retirementUses), count, tCO2e: tco2e, sharePercent })),
    byVintage: z.array(z.object({ vintage: z.number().int(), count, tCO2e: tco2e, sharePercent })),
    byProjectType: z.array(z.object({ projectType: z.enum(creditProjectTypes), mitigation: z.enum(mitigationKinds), count, tCO2e: tco2e, sharePercent })),
    records: z.array(reportRetirement),
  }),
  /**
   * Credits cancelled in the period without a claim (docs/cancellations-and-reversals.md): never
   * retirements, never counted in `retirements` or the disclosure's totals; shown apart by reason.
   */
  cancellations: z.object({
    totals: retiredTotal,
    byReason: z.array(z.object({ reason: z.enum(cancellationReasons), count, tCO2e: tco2e })),
  }),
  /** Reversals recorded in the period: tCO2e lost, what the buffer pool covered, and the shortfall it could not. */
  reversals: z.object({
    count,
    lostTCO2e: tco2e,
    coveredTCO2e: tco2e,
    shortfallTCO2e: tco2e,
    /** Reversals whose cover is not recorded yet (the reaction has not run): their loss is not in covered or shortfall. */
    pending: count,
  }),
  cash: reportCash,
  issuance: z.object({
    batches: count,
    tCO2e: tco2e,
    byProjectType: z.array(z.object({ projectType: z.enum(creditProjectTypes), mitigation: z.enum(mitigationKinds), batches: count, tCO2e: tco2e })),
  }),
  disclosure: z.discriminatedUnion('framework', [csrdDisclosure, issbDisclosure, unSdgDisclosure]),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ComplianceReport = z.infer<typeof complianceReport>;
export type ReportDisclosure = ComplianceReport['disclosure'];
