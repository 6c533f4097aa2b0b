import type { MonitoringReportView, ProjectView, RegistryBatchView, VerifierView } from '@carbon-ledger/contracts';

/** Test data only; nothing in the app imports this file. */
export const aProponentId = '5f0c2a8e-3b7d-4e1f-9c6a-2d8b4e6f1a3c';
export const aVerifierId = '7b1e4c2d-9a3f-4e8b-b6d1-3c5a7e9f0b24';
export const aReportId = 'a3d1c6e2-7b4f-4c8a-9e1d-2f5b8c0a4e17';
export const aSha256 = 'ab'.repeat(32);

export function aReport(overrides: Partial<MonitoringReportView> = {}): MonitoringReportView {
  return {
    reportId: aReportId,
    projectId: 'PRJ-1',
    period: { start: '2026-01-01', end: '2026-12-31' },
    mitigation: 'reduction',
    claimed: [{ vintage: 2026, quantity: 120 }],
    verified: null,
    status: 'awaiting_verification',
    reasons: null,
    filedAt: '2026-11-22T10:00:00.000Z',
    verifiedAt: null,
    approvedAt: null,
    batches: [],
    ...overrides,
  };
}

export function aProject(overrides: Partial<ProjectView> = {}): ProjectView {
  return {
    projectId: 'PRJ-1',
    name: 'Sunfield Solar',
    projectType: 'Solar Energy',
    mitigation: 'reduction',
    hostCountry: 'ES',
    standard: 'Gold Standard',
    methodology: 'AMS-I.D. Grid connected renewable electricity generation',
    location: 'Andalusia',
    creditingPeriod: { start: '2026-01-01', end: '2035-12-31' },
    expectedAnnualQuantity: 1200,
    description: 'Rooftop arrays',
    status: 'draft',
    reasons: null,
    proponent: { id: aProponentId, name: 'Ivy Issuer', organisation: 'Sunfield Energy' },
    verifier: null,
    draftedAt: '2026-11-22T09:00:00.000Z',
    registeredAt: null,
    reports: [],
    documents: [],
    issuedQuantity: 0,
    bufferQuantity: 0,
    reversals: [],
    reversalShortfall: 0,
    ...overrides,
  };
}

export function aVerifier(overrides: Partial<VerifierView> = {}): VerifierView {
  return { id: aVerifierId, name: 'Vera Verifier', organisation: 'Audit Partners', projectTypes: ['Solar Energy', 'Wind Energy'], ...overrides };
}

export function aRegistryBatch(overrides: Partial<RegistryBatchView> = {}): RegistryBatchView {
  return {
    batchId: 'REFOREST-2026-1A2B3C4D',
    projectId: 'PRJ-2',
    projectName: 'Green Canopy',
    projectType: 'Reforestation',
    vintage: 2026,
    quantity: 850,
    firstSerial: 'NXCC-REFOREST-2026-1A2B3C4D-000001',
    lastSerial: 'NXCC-REFOREST-2026-1A2B3C4D-000850',
    retired: 0,
    cancelled: 0,
    buffer: false,
    reportId: aReportId,
    origin: null,
    issuedAt: '2026-11-23T10:00:00.000Z',
    claims: {
      authorized: false,
      authorizedUse: null,
      authorizedOn: null,
      letter: null,
      adjustment: 'not_applicable',
      reportingPeriod: null,
      labels: ['CCP-approved'],
    },
    ...overrides,
  };
}
