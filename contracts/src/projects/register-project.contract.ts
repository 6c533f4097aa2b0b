import { z } from 'zod';
import { creditProjectTypes } from '../credit-market/credit-market.constants.js';
import { retirementStandards } from '../credit-market/credit-market.constants.js';
import { isoCountryCodes } from '../shared/countries.js';
import { freeText } from '../shared/free-text.js';
import { documentCitations } from './project-documents.js';
import { MAX_VINTAGE_QUANTITY } from './projects.constants.js';

/** A project id names one project in the registry and in its serials' provenance. */
export const projectIdField = freeText({ label: 'Project id', min: 1, max: 100 });
export const projectParams = z.object({ projectId: projectIdField });
export const reportParams = z.object({ projectId: projectIdField, reportId: z.uuid('Report id must be a UUID') });

const isoDate = (label: string) => z.iso.date({ error: `${label} must be a date (YYYY-MM-DD)` });

export const datePeriod = (label: string) =>
  z
    .object({ start: isoDate(`${label} start`), end: isoDate(`${label} end`) })
    .refine((period) => period.start <= period.end, { message: `${label} must end on or after its start`, path: ['end'] });

/** POST /api/projects: the proponent drafts a project. */
export const draftProjectRequest = z.object({
  projectId: projectIdField,
  name: freeText({ label: 'Project name', min: 1, max: 200 }),
  projectType: z.enum(creditProjectTypes, { error: `Project type must be one of: ${creditProjectTypes.join(', ')}` }),
  hostCountry: z.enum(isoCountryCodes, { error: 'Host country must be an ISO 3166-1 alpha-2 code' }),
  standard: z.enum(retirementStandards, { error: `Standard must be one of: ${retirementStandards.join(', ')}` }),
  /** Left out: the project type's usual methodology. */
  methodology: freeText({ label: 'Methodology', max: 200 }).optional(),
  location: freeText({ label: 'Location', max: 200 }).default(''),
  creditingPeriod: datePeriod('Crediting period'),
  expectedAnnualQuantity: z.number().int('Expected annual reductions must be a whole number of tCO2e').min(0).max(MAX_VINTAGE_QUANTITY),
  description: freeText({ label: 'Description', max: 2000, multiline: true }).default(''),
  documents: documentCitations,
});
export type DraftProjectRequest = z.infer<typeof draftProjectRequest>;

/** POST /api/projects/:projectId/validation: the proponent assigns a verifier and asks for validation. */
export const requestValidationRequest = z.object({ verifierId: z.uuid('Verifier id must be a UUID') });

const decisionReasons = freeText({ label: 'Reasons', max: 2000, multiline: true });

/** POST /api/projects/:projectId/validation/decision: the assigned verifier validates or rejects. */
export const decideValidationRequest = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('validated'), comment: decisionReasons.default(''), documents: documentCitations }),
  z.object({ decision: z.literal('rejected'), reasons: freeText({ label: 'Reasons', min: 1, max: 2000, multiline: true }), documents: documentCitations }),
]);
export type DecideValidationRequest = z.infer<typeof decideValidationRequest>;

/** POST /api/projects/:projectId/registration: the registry registers a validated project or refuses it. */
export const decideRegistrationRequest = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('registered') }),
  z.object({ decision: z.literal('refused'), reasons: freeText({ label: 'Reasons', min: 1, max: 2000, multiline: true }) }),
]);
export type DecideRegistrationRequest = z.infer<typeof decideRegistrationRequest>;

/** POST /api/projects/:projectId/deactivation: the registry makes a project inactive. */
export const deactivateProjectRequest = z.object({ reasons: freeText({ label: 'Reasons', min: 1, max: 2000, multiline: true }) });

export const projectCommandResponse = z.object({
  projectId: z.string(),
  status: z.string(),
  position: z.string(),
});
export type ProjectCommandResponse = z.infer<typeof projectCommandResponse>;
export type DeactivateProjectRequest = z.infer<typeof deactivateProjectRequest>;
