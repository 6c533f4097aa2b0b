import type {
  CreditBatchView,
  GetRetirementResponse,
  HoldingView,
  IssueCreditsResponse,
  ListHoldingsResponse,
  ProvenanceEntry,
  ProvenanceResponse,
  RetirementAnalytics,
  RetirementRecord,
} from '@carbon-ledger/contracts';

/** Test data only; nothing in the app imports this file. */
export const aTokenId = 'SOLAR-2026-7F3A9C21';
export const aRetirementId = '3c9a7e52-8d1b-4f6a-9e2c-5b7d1a0f4e88';

export function anIssueResponse(overrides: Partial<IssueCreditsResponse> = {}): IssueCreditsResponse {
  return {
    tokenId: aTokenId,
    projectId: 'PRJ-1',
    reportId: 'a3d1c6e2-7b4f-4c8a-9e1d-2f5b8c0a4e17',
    projectStatus: 'draft',
    reportStatus: 'awaiting_verification',
    requiresKyc: false,
    quantity: 120,
    claimedQuantity: 120,
    bufferQuantity: 0,
    vintage: 2026,
    serialPrefix: `NXCC-${aTokenId}`,
    firstSerial: `NXCC-${aTokenId}-000001`,
    lastSerial: `NXCC-${aTokenId}-000120`,
    position: '12:12',
    ...overrides,
  };
}

export function aHolding(overrides: Partial<HoldingView> = {}): HoldingView {
  return {
    tokenId: aTokenId,
    projectName: 'Sunfield Solar',
    projectType: 'Solar Energy',
    vintage: 2026,
    tradable: 100,
    reserved: 0,
    serialRanges: [`NXCC-${aTokenId}-000001 to NXCC-${aTokenId}-000100`],
    labels: [],
    ...overrides,
  };
}

export function aBatch(overrides: Partial<CreditBatchView> = {}): CreditBatchView {
  return {
    tokenId: aTokenId,
    projectId: 'PRJ-1',
    projectName: 'Sunfield Solar',
    projectType: 'Solar Energy',
    description: '',
    vintage: 2026,
    standard: 'Gold Standard',
    methodology: 'AMS-I.D.',
    quantity: 120,
    retired: 0,
    cancelled: 0,
    tradable: 120,
    serialPrefix: `NXCC-${aTokenId}`,
    firstSerial: `NXCC-${aTokenId}-000001`,
    lastSerial: `NXCC-${aTokenId}-000120`,
    issuerAccountId: 'user-1',
    xrplAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
    source: 'registry',
    nftId: null,
    xrplSettlement: { status: 'pending', reason: null, transactions: [] },
    issuedAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * What GET /api/credits/holdings answers for `url` out of `holdings`, as the service filters them:
 * `only=tradable` keeps those with credits free to use, `search` those whose token id or project
 * name holds the text.
 */
export function aHoldingsPage(url: string, holdings: readonly HoldingView[]): ListHoldingsResponse {
  const query = new URL(url, 'http://console.test').searchParams;
  const search = (query.get('search') ?? '').toLowerCase();
  const found = holdings.filter(
    (holding) =>
      (query.get('only') !== 'tradable' || holding.tradable > 0) &&
      (holding.tokenId.toLowerCase().includes(search) || holding.projectName.toLowerCase().includes(search)),
  );
  return { accountId: 'user-1', holdings: found, nextCursor: null };
}

export function serialNumbersText(count: number): string {
  const numbers = Array.from({ length: count }, (_, index) => `NXCC-${aTokenId}-${String(index + 1).padStart(6, '0')}`);
  return JSON.stringify({
    numbers,
    range: `NXCC-${aTokenId}-000001 to NXCC-${aTokenId}-${String(count).padStart(6, '0')}`,
    prefix: `NXCC-${aTokenId}`,
    suffix: '',
  });
}

export function aRetirementRecord(overrides: Partial<RetirementRecord> = {}): RetirementRecord {
  return {
    id: aRetirementId,
    tokenId: aTokenId,
    projectName: 'Sunfield Solar',
    projectType: 'Solar Energy',
    vintage: 2026,
    beneficiary: 'Acme Corp',
    retiredAt: '2026-11-22T11:00:00.000Z',
    amount: 5,
    xrplTxHash: 'AB'.repeat(32),
    registryLink: `/retirements/${aRetirementId}`,
    ipfsCid: 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy',
    registryId: aTokenId,
    verificationStatus: 'verified',
    standard: 'Gold Standard',
    offsetType: 'compensation',
    purpose: 'FY2026 travel',
    certificateData: JSON.stringify({
      type: 'VERs',
      creditType: 'Solar Energy',
      methodology: 'AMS-I.D. Grid connected renewable electricity generation',
      impact: '5 tCO2e retired on behalf of Acme Corp',
      description: 'Sunfield Solar (Solar Energy, vintage 2026)',
      outcomes: ['5 tonnes of CO2e offset'],
      additionalInfo: 'Gold Standard; compensation',
    }),
    sdgImpact: JSON.stringify({
      impact: '5 tCO2e retired on behalf of Acme Corp',
      location: 'Not recorded',
      projectType: 'Solar Energy',
      sdgs: [7, 13],
      description: 'Contributes to UN SDG 7, 13',
      outcomes: ['SDG 7: Affordable and Clean Energy', 'SDG 13: Climate Action'],
    }),
    serialNumbers: serialNumbersText(5),
    use: 'voluntary',
    claims: null,
    ...overrides,
  };
}

export function anAnalytics(overrides: Partial<RetirementAnalytics> = {}): RetirementAnalytics {
  return {
    filter: 'all',
    totalRetired: 250,
    retirementCount: 3,
    projectTypes: { 'Solar Energy': 200, 'Wind Energy': 50 },
    standards: { 'Gold Standard': 2, 'Verra VCS': 1 },
    sdgGoals: [7, 13],
    ...overrides,
  };
}

export function aCertificate(overrides: Partial<GetRetirementResponse> = {}): GetRetirementResponse {
  const record = aRetirementRecord();
  return {
    ...record,
    certificate: {
      type: 'CarbonCreditRetirementCertificate',
      version: 1,
      retirementId: record.id,
      registry: 'NXCC Carbon Ledger',
      tokenId: record.tokenId,
      projectName: record.projectName,
      projectType: record.projectType,
      vintage: record.vintage,
      methodology: 'AMS-I.D. Grid connected renewable electricity generation',
      quantity: record.amount,
      unit: 'tCO2e',
      serialPrefix: `NXCC-${aTokenId}`,
      serialRanges: [`NXCC-${aTokenId}-000001 to NXCC-${aTokenId}-000005`],
      beneficiary: record.beneficiary,
      purpose: record.purpose,
      standard: record.standard,
      offsetType: record.offsetType,
      retiredAt: record.retiredAt,
      logPosition: '40:40',
    },
    verification: {
      network: 'testnet',
      xrplTransactions: [{ purpose: 'retirement', hash: 'AB'.repeat(32) }],
      seal: {
        sealNumber: 7,
        fromPosition: '1:1',
        toPosition: '41:41',
        merkleRoot: 'cd'.repeat(32),
        sealHash: 'ef'.repeat(32),
        sealedAt: '2026-11-22T12:00:00.000Z',
        anchorTxHash: null,
      },
    },
    ...overrides,
  };
}

export function aProvenanceEntry(overrides: Partial<ProvenanceEntry> = {}): ProvenanceEntry {
  return {
    kind: 'issuance',
    description: `120 credits of Sunfield Solar (Solar Energy, vintage 2026) issued to user-1`,
    occurredAt: '2026-11-22T10:00:00.000Z',
    quantity: 120,
    fromAccountId: null,
    toAccountId: 'user-1',
    serialRanges: [`NXCC-${aTokenId}-000001 to NXCC-${aTokenId}-000120`],
    xrplTransactions: [],
    position: '12:12',
    eventId: 'b6f1c0de-0000-4000-8000-000000000001',
    eventHash: '0a'.repeat(32),
    seal: null,
    ...overrides,
  };
}

export function aProvenance(overrides: Partial<ProvenanceResponse> = {}): ProvenanceResponse {
  return {
    tokenId: aTokenId,
    batch: aBatch({ retired: 5, tradable: 115 }),
    summary: { issued: 120, tradable: 105, reserved: 10, retired: 5, cancelled: 0 },
    entries: [
      aProvenanceEntry({
        seal: { sealId: 'seal-7', merkleRoot: 'cd'.repeat(32), sealedAt: '2026-11-22T12:00:00.000Z', anchorTxHash: null },
      }),
      aProvenanceEntry({
        kind: 'retirement',
        description: '5 credits retired by user-1 on behalf of Acme Corp (FY2026 travel)',
        occurredAt: '2026-11-22T11:00:00.000Z',
        quantity: 5,
        fromAccountId: 'user-1',
        toAccountId: null,
        serialRanges: [`NXCC-${aTokenId}-000001 to NXCC-${aTokenId}-000005`],
        xrplTransactions: [{ purpose: 'burn', hash: 'AB'.repeat(32), result: 'tesSUCCESS' }],
        position: '40:40',
        eventId: 'b6f1c0de-0000-4000-8000-000000000002',
        eventHash: '1b'.repeat(32),
      }),
    ],
    nextCursor: null,
    ...overrides,
  };
}
