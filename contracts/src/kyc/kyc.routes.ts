import { anyRole, type ApiRoute, idempotentRoute, NO_VIEWS, readRoute } from '../api/api-route.js';
import { addressChallengeRequest, addressChallengeResponse } from './address-challenge.contract.js';
import { kycStatusQuery, kycStatusResponse } from './kyc-status.contract.js';
import { startVerificationRequest, startVerificationResponse } from './start-verification.contract.js';
import { verifyKycRequest, verifyKycResponse } from './verify-kyc.contract.js';

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
  idempotentRoute('POST', '/api/kyc/start-verification', anyRole, {
    summary: 'Start KYC for a proven address',
    body: startVerificationRequest,
    success: { status: 201, json: startVerificationResponse },
    errors: ['Conflict', 'IdempotencyKeyReused'],
    views: ['kyc-status'],
  }),
  idempotentRoute('POST', '/api/kyc/verify', anyRole, {
    summary: 'Complete KYC: the provider’s decision and the AML screening',
    body: verifyKycRequest,
    success: { status: 200, json: verifyKycResponse },
    errors: ['NotFound', 'Conflict', 'IdempotencyKeyReused'],
    views: ['kyc-status'],
  }),
] satisfies readonly ApiRoute[];
