import type { CreditsIssued, ProjectDrafted } from '@carbon-ledger/contracts';

/**
 * Test only: the drafting of a Forestry project in Brazil by `proponentId`; `details` set what a
 * test reads back (its name, its documents, when it was drafted).
 */
export function draftedProject(projectId: string, proponentId: string, details: Partial<ProjectDrafted['data']> = {}): ProjectDrafted {
  return {
    type: 'ProjectDrafted',
    data: {
      projectId,
      proponentId,
      proponentOrganisation: 'Green Canopy Ltd',
      name: 'Canopy Restoration',
      projectType: 'Forestry',
      mitigation: 'removal',
      hostCountry: 'BR',
      standard: 'Verra VCS',
      methodology: 'VM0047',
      location: 'Pará',
      creditingPeriod: { start: '2024-01-01', end: '2053-12-31' },
      expectedAnnualQuantity: 5000,
      description: '',
      documents: [],
      draftedAt: '2026-12-01T09:00:00.000Z',
      ...details,
    },
  };
}

/**
 * Test only: a registry batch of `quantity` Forestry 2025 credits of that project issued to
 * `accountId`; `details` set what a test reads back (its project, its report, its origin).
 */
export function issuedBatch(batchId: string, quantity: number, accountId: string, details: Partial<CreditsIssued['data']> = {}): CreditsIssued {
  return {
    type: 'CreditsIssued',
    data: {
      batchId,
      projectId: 'P',
      projectName: 'Canopy Restoration',
      projectType: 'Forestry',
      description: '',
      vintage: 2025,
      standard: 'Verra VCS',
      methodology: 'VM0047',
      scopes: { scope1: 0, scope2: 0, scope3: 0, scope4: 0, scope5: 0 },
      quantity,
      serialPrefix: `NXCC-${batchId}`,
      accountId,
      issuedBy: accountId,
      xrplAddress: '',
      source: 'registry',
      issuedAt: '2026-12-01T09:00:00.000Z',
      ...details,
    },
  };
}
