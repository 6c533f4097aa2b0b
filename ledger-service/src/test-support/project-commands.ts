import { bufferSharePercent, type CreditProjectType } from '@carbon-ledger/contracts';
import type { Party, ProjectCommand } from '../projects/project.decider.js';

// Test only: the parties of one Reforestation project and the commands that take it from its draft
// through validation, registration, a monitoring report and its verification to the issuance.

export const now = new Date('2026-06-30T10:00:00.000Z');
export const proponent: Party = { userId: 'proponent', organisation: 'Verdant Energy' };
export const verifier: Party = { userId: 'verifier', organisation: 'Terra Assurance' };
export const registry: Party = { userId: 'registry', organisation: 'Carbon Registry' };
export const reportId = '11111111-1111-4111-8111-111111111111';

export const draft: ProjectCommand = {
  type: 'DraftProject',
  proponent,
  details: {
    projectId: 'P-1',
    name: 'Mata Atlântica Reforestation',
    projectType: 'Reforestation',
    hostCountry: 'BR',
    standard: 'Verra VCS',
    methodology: 'AR-ACM0003',
    location: 'São Paulo',
    creditingPeriod: { start: '2025-01-01', end: '2034-12-31' },
    expectedAnnualQuantity: 1000,
    description: '',
    documents: [],
  },
};
export const requestValidation = (
  by: Party = proponent,
  verifying: Party = verifier,
  accreditedFor: CreditProjectType[] = ['Reforestation'],
): ProjectCommand => ({
  type: 'RequestValidation',
  actor: by,
  isAdmin: false,
  verifier: { ...verifying, name: 'Terra Assurance', accreditedFor },
});
export const validate = (by: Party = verifier): ProjectCommand => ({ type: 'DecideValidation', actor: by, decision: 'validated', text: '', documents: [] });
export const register = (by: Party = registry): ProjectCommand => ({ type: 'DecideRegistration', actor: by, decision: 'registered', reasons: '' });
export const file = (id = reportId, period = { start: '2026-01-01', end: '2026-06-30' }, quantity = 1000): ProjectCommand => ({
  type: 'FileMonitoringReport',
  actor: proponent,
  isAdmin: false,
  reportId: id,
  period,
  claimed: [{ vintage: 2026, quantity }],
  mitigation: undefined,
  documents: [],
});
export const verify = (quantity = 1000, reasons = '', by: Party = verifier): ProjectCommand => ({
  type: 'DecideVerification',
  actor: by,
  reportId,
  decision: 'verified',
  verified: [{ vintage: 2026, quantity }],
  reasons,
  documents: [],
});
export const approve = (
  by: Party = registry,
  bufferShares: Record<CreditProjectType, number> = { ...bufferSharePercent, Reforestation: 15 },
): ProjectCommand => ({
  type: 'ReviewIssuance',
  actor: by,
  reportId,
  decision: 'approved',
  reasons: '',
  bufferShares,
});
