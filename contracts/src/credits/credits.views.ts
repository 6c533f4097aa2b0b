import { z } from 'zod';
import { creditProjectTypes } from '../credit-market/credit-market.constants.js';
import { offsetTypes } from './credits.constants.js';
import { retirementStandards } from '../credit-market/credit-market.constants.js';
import { creditLabels, retiredBatchClaimsSchema, retirementUses } from '../credit-market/credit-use.js';
import { nextCursorField } from '../shared/paging.js';

const settlementTransaction = z.object({ purpose: z.string(), hash: z.string(), result: z.string() });

/** One issued batch (GET /api/credits). */
export const creditBatchView = z.object({
  tokenId: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  projectType: z.enum(creditProjectTypes),
  description: z.string(),
  vintage: z.number().int(),
  standard: z.string(),
  methodology: z.string(),
  quantity: z.number().int(),
  retired: z.number().int(),
  /** Cancelled without a claim (docs/cancellations-and-reversals.md): never counted as retired. */
  cancelled: z.number().int(),
  /** quantity - retired - cancelled: held in accounts, in the vault or in escrow. */
  tradable: z.number().int(),
  serialPrefix: z.string(),
  firstSerial: z.string(),
  lastSerial: z.string(),
  issuerAccountId: z.string(),
  xrplAddress: z.string(),
  source: z.enum(['registry', 'xrpl']),
  nftId: z.string().nullable(),
  /** XRPL side of the issuance: pending until the platform has minted/paid, then settled, partial or failed. */
  xrplSettlement: z.object({
    status: z.enum(['pending', 'settled', 'partial', 'failed']),
    reason: z.string().nullable(),
    transactions: z.array(settlementTransaction),
  }),
  issuedAt: z.iso.datetime(),
});
export type CreditBatchView = z.infer<typeof creditBatchView>;

/** What one account holds of one batch. */
export const holdingView = z.object({
  tokenId: z.string(),
  projectName: z.string(),
  projectType: z.enum(creditProjectTypes),
  vintage: z.number().int(),
  /** Free to trade, transfer or retire. */
  tradable: z.number().int(),
  /** In escrow for open sell orders. */
  reserved: z.number().int(),
  /** Blocks as "PREFIX-000001 to PREFIX-000250". */
  serialRanges: z.array(z.string()),
  /** The batch's labels (docs/credit-use.md). */
  labels: z.array(z.enum(creditLabels)),
});
export type HoldingView = z.infer<typeof holdingView>;

export const listCreditsResponse = z.object({
  /** One page of the registry's batches, newest issued first (`?limit=&cursor=`). */
  credits: z.array(creditBatchView),
  nextCursor: nextCursorField,
  /** The signed-in user's registry account and the first page of what it holds (GET /api/credits/holdings). */
  accountId: z.string(),
  holdings: z.array(holdingView),
  /** Pass as ?cursor= to GET /api/credits/holdings for the rest; null when this is all the account holds. */
  holdingsNextCursor: nextCursorField,
});
export type ListCreditsResponse = z.infer<typeof listCreditsResponse>;

/** GET /api/credits/holdings: a page of what the caller's account holds. */
export const listHoldingsResponse = z.object({
  accountId: z.string(),
  holdings: z.array(holdingView),
  nextCursor: nextCursorField,
});
export type ListHoldingsResponse = z.infer<typeof listHoldingsResponse>;

export const tradeView = z.object({
  id: z.uuid(),
  kind: z.enum(['order-match', 'direct', 'xrpl-amm']),
  /** A registry project type; 'NXCC' for an XRPL swap of the fungible token outside a registry batch. */
  projectType: z.string(),
  /** null for such swaps. */
  vintage: z.number().int().nullable(),
  quantity: z.number().int(),
  price: z.string(),
  /** The aggressor's side, BUY or SELL; direct transfers show BUY. */
  side: z.enum(['BUY', 'SELL']),
  /**
   * Account ids of the parties: shown to the parties themselves and to oversight roles
   * (compliance, auditor, admin); null for another user's account (oversight roles: docs/architecture.md). The seller
   * of an XRPL swap is an XRPL address, public on the ledger, and always shown.
   */
  buyerAccountId: z.string().nullable(),
  sellerAccountId: z.string().nullable(),
  buyOrderId: z.uuid().nullable(),
  sellOrderId: z.uuid().nullable(),
  settlement: z.object({ status: z.enum(['pending', 'settled']), txHash: z.string().nullable() }),
  serialRanges: z.array(z.string()),
  executedAt: z.iso.datetime(),
});
export type TradeView = z.infer<typeof tradeView>;

/** Newest first, paged (GET /api/trades?limit=&cursor=). */
export const listTradesResponse = z.object({ trades: z.array(tradeView), nextCursor: nextCursorField });
export type ListTradesResponse = z.infer<typeof listTradesResponse>;

/** A retirement record as the product defines it: certificateData, sdgImpact and serialNumbers are JSON text. */
export const retirementRecord = z.object({
  id: z.uuid(),
  tokenId: z.string(),
  projectName: z.string(),
  projectType: z.enum(creditProjectTypes),
  vintage: z.number().int(),
  beneficiary: z.string(),
  retiredAt: z.iso.datetime(),
  amount: z.number().int(),
  /** The XRPL transaction that recorded the retirement (burn, or the platform's memo), null until settled. */
  xrplTxHash: z.string().nullable(),
  /** The public verification page of this retirement. */
  registryLink: z.string(),
  /** CIDv1 (raw, sha2-256) of the certificate document; anyone can recompute it from the certificate JSON. */
  ipfsCid: z.string(),
  registryId: z.string(),
  verificationStatus: z.enum(['verified', 'pending']),
  standard: z.enum(retirementStandards),
  offsetType: z.enum(offsetTypes),
  purpose: z.string(),
  certificateData: z.string(),
  sdgImpact: z.string(),
  serialNumbers: z.string(),
  /** What the retirement counts for (voluntary where none was stated) and what its batch carried then (docs/credit-use.md). */
  use: z.enum(retirementUses),
  claims: retiredBatchClaimsSchema.nullable(),
});
export type RetirementRecord = z.infer<typeof retirementRecord>;

/** Newest first, paged (GET /api/retirements?limit=&cursor=). */
export const listRetirementsResponse = z.object({ retirements: z.array(retirementRecord), nextCursor: nextCursorField });
export type ListRetirementsResponse = z.infer<typeof listRetirementsResponse>;

/** JSON text in RetirementRecord.serialNumbers. */
export const serialNumbersData = z.object({
  numbers: z.array(z.string()),
  range: z.string(),
  prefix: z.string(),
  suffix: z.string(),
});

export const retirementAnalyticsFilters = ['all', '7d', '30d', '90d', '1y'] as const;
export type RetirementAnalyticsFilter = (typeof retirementAnalyticsFilters)[number];

/** GET /api/enhanced-retirement/analytics[/{filter}] */
export const retirementAnalytics = z.object({
  filter: z.enum(retirementAnalyticsFilters),
  totalRetired: z.number().int(),
  retirementCount: z.number().int(),
  projectTypes: z.record(z.string(), z.number()),
  standards: z.record(z.string(), z.number()),
  sdgGoals: z.array(z.number().int()),
});
export type RetirementAnalytics = z.infer<typeof retirementAnalytics>;

/** Months a retirements-per-month answer covers: the current one and the eleven before it. */
export const RETIREMENT_MONTHS = 12;

/** GET /api/enhanced-retirement/monthly: credits retired per calendar month (UTC), oldest first, empty months as 0. */
export const retirementsPerMonth = z.object({
  months: z.array(
    z.object({
      /** YYYY-MM */
      month: z.string().regex(/^\d{4}-\d{2}$/),
      retired: z.number().int(),
      retirementCount: z.number().int(),
    }),
  ),
});
export type RetirementsPerMonth = z.infer<typeof retirementsPerMonth>;

export const activityItem = z.object({
  type: z.enum(['trade', 'issuance', 'retirement']),
  description: z.string(),
  timestamp: z.iso.datetime(),
  amount: z.number(),
});
export type ActivityItem = z.infer<typeof activityItem>;

/** GET /api/metrics (the Dashboard's metrics). Totals are the registry's; portfolioValue is the caller's holdings. */
export const metricsResponse = z.object({
  totalCredits: z.number().int(),
  /** USD: the caller's credits at each market's last trade price. */
  portfolioValue: z.number(),
  retiredCredits: z.number().int(),
  /** tCO2e: one retired credit offsets one tonne. */
  co2Impact: z.number().int(),
  recentActivity: z.array(activityItem),
});
export type MetricsResponse = z.infer<typeof metricsResponse>;

export const provenanceEntry = z.object({
  /** 'project': a step of the project and report the batch was issued from (docs/registry.md). */
  kind: z.enum(['project', 'issuance', 'transfer', 'escrow', 'release', 'retirement', 'cancellation', 'xrpl']),
  description: z.string(),
  occurredAt: z.iso.datetime(),
  quantity: z.number().int().nullable(),
  fromAccountId: z.string().nullable(),
  toAccountId: z.string().nullable(),
  serialRanges: z.array(z.string()),
  xrplTransactions: z.array(z.object({ purpose: z.string(), hash: z.string(), result: z.string() })),
  /** The documents a project step cites, by the hash their bytes must still have. */
  documents: z.array(z.object({ sha256: z.string(), name: z.string(), kind: z.string() })).optional(),
  /**
   * Set on a transfer of authorized units out of the issuance account: their first transfer under
   * Article 6, from which the host country's corresponding adjustment applies (docs/credit-use.md).
   */
  firstTransfer: z.boolean().optional(),
  /** Where the event sits in the log and its hash-chain link. */
  position: z.string(),
  eventId: z.string(),
  eventHash: z.string(),
  /** The audit seal that covers this event, null until the next seal. */
  seal: z.object({ sealId: z.string(), merkleRoot: z.string(), sealedAt: z.string(), anchorTxHash: z.string().nullable() }).nullable(),
});
export type ProvenanceEntry = z.infer<typeof provenanceEntry>;

/** GET /api/provenance/{tokenId}: the full chain of a batch, read from the event log. */
export const provenanceResponse = z.object({
  tokenId: z.string(),
  batch: creditBatchView,
  summary: z.object({
    issued: z.number().int(),
    tradable: z.number().int(),
    reserved: z.number().int(),
    retired: z.number().int(),
    cancelled: z.number().int(),
  }),
  /** In log order, the project's own steps first; paged (?limit=&cursor=), `summary` and `batch` whole on every page. */
  entries: z.array(provenanceEntry),
  nextCursor: nextCursorField,
});
export type ProvenanceResponse = z.infer<typeof provenanceResponse>;

/** GET /api/provenance/serials/{serial}: one serial's whole life, read from the event log. */
export const serialProvenanceResponse = z.object({
  serial: z.string(),
  tokenId: z.string(),
  batch: creditBatchView,
  /** Where the serial is now: held by an account, in a sell order's escrow, or retired for a beneficiary. */
  current: z.object({
    status: z.enum(['held', 'in-escrow', 'retired', 'cancelled']),
    accountId: z.string().nullable(),
    beneficiary: z.string().nullable(),
  }),
  /** Every event that moved this serial, oldest first; an entry's quantity counts this serial (1), its description the whole movement. */
  entries: z.array(provenanceEntry),
});
export type SerialProvenanceResponse = z.infer<typeof serialProvenanceResponse>;
