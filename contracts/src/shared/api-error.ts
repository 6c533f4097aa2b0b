import { z } from 'zod';

/** Every non-2xx answer of the API has this body. */
export const apiErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

/** Error codes the API answers with; the HTTP status is fixed per code. */
export const apiErrorStatus = {
  ValidationFailed: 400,
  Unauthorized: 401,
  Forbidden: 403,
  /** The acting XRPL address has not passed KYC (verified) and AML (verified or cleared); details.requiresKyc is true. */
  KycRequired: 403,
  NotFound: 404,
  WrongExpectedVersion: 409,
  Conflict: 409,
  /** The Idempotency-Key was already used by this user for a request with another method, path or body. */
  /** A document over the size limit. */
  PayloadTooLarge: 413,
  /** A document of a media type the registry does not take. */
  UnsupportedMediaType: 415,
  IdempotencyKeyReused: 422,
  TooManyRequests: 429,
  InternalError: 500,
  ServiceUnavailable: 503,
} as const;
export type ApiErrorCode = keyof typeof apiErrorStatus;
