import { z } from 'zod';
import { dateRangeSchema } from '../shared/date-range.js';

export const exportTypes = ['full', 'projects', 'credits', 'trades', 'retirements'] as const;
export type ExportType = (typeof exportTypes)[number];
export const exportFormats = ['json', 'csv', 'pdf'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** POST /api/export/evidence */
export const evidenceExportRequest = z.object({
  exportType: z.enum(exportTypes, { error: `exportType must be one of: ${exportTypes.join(', ')}` }),
  dateRange: dateRangeSchema('The start of the date range must not be after its end').optional().default({}),
  includeKYC: z.boolean().default(false),
  includeBlockchain: z.boolean().default(true),
  format: z.enum(exportFormats).default('json'),
});
export type EvidenceExportRequest = z.infer<typeof evidenceExportRequest>;

/** "2026-11-22T10-15-00-000Z": an instant for a downloaded file's name, safe on every file system. */
export function fileNameTimestamp(at: Date): string {
  return at.toISOString().replace(/[:.]/g, '-');
}

/** "evidence-export-2026-11-22T10-15-00-000Z.json": the server's name for the download, and the console's when none comes. */
export function evidenceExportFileName(format: ExportFormat, at: Date): string {
  return `evidence-export-${fileNameTimestamp(at)}.${format}`;
}

export const EVIDENCE_FORMAT = 'carbon-ledger-evidence/1';

/**
 * The JSON export, one record per line so it can be verified while streaming:
 *   {"format":…,"request":…,"generatedAt":…,"records":[
 *   {"event":{…,"prevHash":…}} | {"leaf":"<hash>","position":"…"} | {"seal":{…}} | {"anchor":{…}},
 *   …
 *   ],"manifest":{"records":N,"events":N,"sha256":"…"}}
 * Every event of a covering seal's range appears in log order: in full when the
 * request selects it, as its bare hash otherwise, so each seal's Merkle root can be
 * re-derived. manifest.sha256 = sha256 over every record line exactly as written (without the
 * separating comma) followed by "\n": the file as exported, byte for byte.
 */
export const evidenceEventRecord = z.object({
  streamId: z.string(),
  streamVersion: z.string(),
  eventId: z.string(),
  type: z.string(),
  position: z.string(),
  data: z.unknown(),
  metadata: z.unknown(),
  hash: z.string(),
  prevHash: z.string(),
  sealNumber: z.number().int().nullable(),
});
export type EvidenceEventRecord = z.infer<typeof evidenceEventRecord>;

export const evidenceManifest = z.object({
  records: z.number().int(),
  events: z.number().int(),
  leaves: z.number().int(),
  seals: z.number().int(),
  unsealedEvents: z.number().int(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type EvidenceManifest = z.infer<typeof evidenceManifest>;

/**
 * Event types each export type selects (KYC/AML and ledger records are added by the flags).
 * "projects" selects the registry lifecycle (every project event, the verifiers' accreditations,
 * credits recorded from other registries) and the issuances it led to; its events cite the
 * documents by hash, which verify:export lists and checks against a downloaded folder. The Xrpl* registry events are changes made on XRPL
 * and signed in the browser (mint, AMM swap, burn), so they belong to credits/trades/retirements.
 * Cash (docs/funds.md): "full" has every movement (deposits, held deposits, withdrawals);
 * "trades" has the cash legs of trading: a buy order's hold (FundsReserved) beside the
 * OrderPlaced that names it, the fill's cash and fee inside TradeExecuted, the hold given back
 * inside OrderCancelled; direct trades' offers and their withdrawals, and the reservation of an
 * accepted offer given back (FundsReservationVoided) when the offer closed first.
 */
export const exportEventTypes: Record<ExportType, readonly string[] | 'all'> = {
  full: 'all',
  projects: [
    'ProjectDrafted',
    'ValidationRequested',
    'ProjectValidated',
    'ValidationRejected',
    'ProjectRegistered',
    'RegistrationRefused',
    'ProjectDeactivated',
    'MonitoringReportFiled',
    'MonitoringReportVerified',
    'MonitoringReportRejected',
    'IssuanceApproved',
    'IssuanceReturned',
    'ReversalRecorded',
    'ReversalCovered',
    'VerifierAccredited',
    'CreditsImportRecorded',
    'CreditsIssued',
    // A batch's Article 6 claims (docs/credit-use.md) go with its issuance and with the retirements that relied on them.
    'BatchAuthorizationRecorded',
    'CorrespondingAdjustmentRecorded',
    'AuthorizedUnitsFirstTransferred',
  ],
  // The vault's moves (docs/vault.md) are credits moving on both sides.
  credits: [
    'CreditsIssued',
    'TradeExecuted',
    'CreditsRetired',
    'CreditsCancelled',
    'CreditsTokenized',
    'CreditsRedeemed',
    'BatchAuthorizationRecorded',
    'CorrespondingAdjustmentRecorded',
    'AuthorizedUnitsFirstTransferred',
    'XrplCreditsMinted',
    'XrplCreditsSwapped',
    'XrplCreditsBurned',
    'XrplCreditsRedeemed',
  ],
  trades: [
    'OrderPlaced',
    'FundsReserved',
    'FundsReservationVoided',
    'OrderCancelled',
    'DirectTradeOffered',
    'DirectTradeOfferWithdrawn',
    'TradeExecuted',
    'AuthorizedUnitsFirstTransferred',
    'XrplCreditsSwapped',
  ],
  retirements: ['CreditsRetired', 'XrplCreditsBurned', 'BatchAuthorizationRecorded', 'CorrespondingAdjustmentRecorded'],
};
export const kycEvidenceEventTypes = [
  'KycStarted',
  'KycClaimSuperseded',
  'KycVerified',
  'KycRejected',
  'AmlScreened',
  'KycExpired',
  'KycCredentialIssued',
  'AmlAlertRaised',
];
/** What the platform did on XRPL for the registry, and the audit anchors. */
export const blockchainEvidenceEventTypes = ['XrplTransactionRecorded', 'XrplSettlementRecorded', 'AuditAnchored'];
