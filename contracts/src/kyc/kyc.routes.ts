import type { z } from 'zod';
import { anyRole, type ApiRoute, idempotentRoute, NO_VIEWS, readRoute } from '../api/api-route.js';
import { addressChallengeRequest, addressChallengeResponse } from './address-challenge.contract.js';
import { kycStatusQuery, kycStatusResponse } from './kyc-status.contract.js';
import { startVerificationRequest, startVerificationResponse } from './start-verification.contract.js';
import { verifyKycRequest, verifyKycResponse } from './verify-kyc.contract.js';
import type { ApiErrorCode } from '../shared/api-error.js';

/** A step of an address's verification: it shows in the KYC status view once the answer is given. */
function verificationRoute(path: string, summary: string, body: z.ZodType, status: number, json: z.ZodType, errors: readonly ApiErrorCode[]): ApiRoute {
  return idempotentRoute('POST', path, anyRole, {
    summary,
    body,
    success: { status, json },
    errors: [...errors, 'IdempotencyKeyReused'],
    views: ['kyc-status'],
  });
}

export const kycRoutes = [
  idempotentRoute('POST', '/api/kyc/address-challenge', anyRole, {
    summary: 'A challenge to sign with the XRPL address’s key (KYC binds only an address its holder controls)',
    body: addressChallengeRequest,
    success: { status: 201, json: addressChallengeResponse },
    errors: ['IdempotencyKeyReused'],
    // A challenge is kept apart from the log; start-verification reads it, not a view.
    views: NO_VIEWS,
  }),
  readRoute('/api/kyc/status', anyRole, 'KYC and AML status of an address', kycStatusResponse, { query: kycStatusQuery }),
  verificationRoute('/api/kyc/start-verification', 'Start KYC for a proven address', startVerificationRequest, 201, startVerificationResponse, ['Conflict']),
  verificationRoute('/api/kyc/verify', 'Complete KYC: the provider’s decision and the AML screening', verifyKycRequest, 200, verifyKycResponse, [
    'NotFound',
    'Conflict',
  ]),
] satisfies readonly ApiRoute[];
