import { z } from 'zod';
import { creditProjectTypes } from '../credit-market/credit-market.constants.js';
import { MAX_IMPORT_QUANTITY, MAX_ORIGIN_SERIAL, originRegistries } from './projects.constants.js';
import { projectIdField } from './register-project.contract.js';

const originSerial = z.number().int('Serial numbers are whole numbers').min(1, 'Serial numbers start at 1').max(MAX_ORIGIN_SERIAL);

/** POST /api/registry/imports: the registry records credits brought from another registry by their origin serial range. */
export const importCreditsRequest = z
  .object({
    originRegistry: z.enum(originRegistries, { error: `Origin registry must be one of: ${originRegistries.join(', ')}` }),
    originStart: originSerial,
    originEnd: originSerial,
    /** A project registered here that the credits belong to. */
    projectId: projectIdField,
    vintage: z.number().int().min(1990).max(2100),
    /** The user whose registry account receives the credits. */
    accountId: z.uuid('Account id must be a user id'),
  })
  .refine((body) => body.originEnd >= body.originStart, { message: 'The origin range must end at or after its start', path: ['originEnd'] })
  .refine((body) => body.originEnd - body.originStart + 1 <= MAX_IMPORT_QUANTITY, {
    message: `One import may carry at most ${MAX_IMPORT_QUANTITY} credits`,
    path: ['originEnd'],
  });
export type ImportCreditsRequest = z.infer<typeof importCreditsRequest>;

export const importCreditsResponse = z.object({
  importId: z.string(),
  batchId: z.string(),
  quantity: z.number().int(),
  position: z.string(),
});

/** POST /api/verifiers/:verifierId/accreditation: the registry accredits a verifier for project types. */
export const accreditVerifierRequest = z.object({
  projectTypes: z
    .array(z.enum(creditProjectTypes))
    .min(1, 'Choose at least one project type')
    .max(creditProjectTypes.length)
    .refine((types) => new Set(types).size === types.length, 'Each project type may appear once'),
});
export const verifierParams = z.object({ verifierId: z.uuid('Verifier id must be a UUID') });
export const accreditVerifierResponse = z.object({ verifierId: z.string(), projectTypes: z.array(z.enum(creditProjectTypes)), position: z.string() });
