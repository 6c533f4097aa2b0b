import { z } from 'zod';
import { emissionScopeChoices, issuanceProjectTypes, REQUIRED_FIELDS_MESSAGE } from '../credit-market/credit-market.constants.js';
import { freeText } from '../shared/free-text.js';
import { kycAddress } from '../shared/xrpl-address.js';

export const KYC_REQUIRED_TITLE = 'KYC Verification Required';
export const NO_EMISSIONS_MESSAGE = 'Select at least one emission scope: estimated credits must be at least 1';

const scopeValues = emissionScopeChoices.map((choice) => choice.value) as number[];
const scope = z
  .number({ error: 'Emission scopes must be one of the selector values' })
  .refine((value) => scopeValues.includes(value), `Emission scopes must be one of: ${scopeValues.join(', ')}`);

/** POST /api/issue (the product's Issue payload). */
export const issueCreditsRequest = z.object({
  id: freeText({ label: 'Project id', min: 1, max: 100, requiredMessage: REQUIRED_FIELDS_MESSAGE }),
  name: freeText({ label: 'Project name', min: 1, max: 200, requiredMessage: REQUIRED_FIELDS_MESSAGE }),
  projectType: z.enum(issuanceProjectTypes, { error: `Project type must be one of: ${issuanceProjectTypes.join(', ')}` }),
  description: freeText({ label: 'Description', max: 2000, multiline: true }).default(''),
  scope1: scope,
  scope2: scope,
  scope3: scope,
  scope4: scope,
  scope5: scope,
  xrplAddress: kycAddress,
});
export type IssueCreditsRequest = z.infer<typeof issueCreditsRequest>;

/**
 * What filing an issuance request answers: the batch the credits will carry once the project's
 * verifier has verified the report and the registry has approved it (serials as claimed; the
 * verifier may verify fewer), and where the request stands.
 */
export const issueCreditsResponse = z.object({
  tokenId: z.string(),
  projectId: z.string(),
  reportId: z.string(),
  projectStatus: z.string(),
  reportStatus: z.string(),
  requiresKyc: z.literal(false),
  /** The credits the batch will carry: the claim less the buffer pool's share. */
  quantity: z.number().int(),
  /** Credits the report claims for the vintage (20% of the summed scopes). */
  claimedQuantity: z.number().int(),
  /** Of the claim, held back for the buffer pool (nature-based project types). */
  bufferQuantity: z.number().int(),
  vintage: z.number().int(),
  serialPrefix: z.string(),
  firstSerial: z.string(),
  lastSerial: z.string(),
  position: z.string(),
});
export type IssueCreditsResponse = z.infer<typeof issueCreditsResponse>;

/** details of a KycRequired refusal. */
export const kycRequiredDetails = z.object({
  requiresKyc: z.literal(true),
  xrplAddress: z.string(),
  kycStatus: z.string(),
  amlStatus: z.string(),
});
export type KycRequiredDetails = z.infer<typeof kycRequiredDetails>;
