import type { CreditProjectType } from '@carbon-ledger/contracts';

/** Emissions in tonnes per scope (20% of scopes 1-3 become credits) and the project's description. */
export interface ProjectDetails {
  readonly description?: string;
  readonly scope1?: number;
  readonly scope2?: number;
  readonly scope3?: number;
}

/** The project part of POST /api/issue: 550 t in scope 1 (110 credits) unless `details` say otherwise. */
export function projectForm(id: string, name: string, projectType: CreditProjectType, details: ProjectDetails = {}) {
  const { description = '', scope1 = 550, scope2 = 0, scope3 = 0 } = details;
  return { id, name, projectType, description, scope1, scope2, scope3, scope4: 0, scope5: 0 };
}
