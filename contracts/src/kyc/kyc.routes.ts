import { anyRole, type ApiRoute } from '../api/api-route.js';
import { addressChallengeRequest, addressChallengeResponse } from './address-challenge.contract.js';
import { kycStatusQuery, kycStatusResponse } from './kyc-status.contract.js';
import { startVerificationRequest, startVerificationResponse } from './start-verification.contract.js';
import { verifyKycRequest, verifyKycResponse } from './verify-kyc.contract.js';

export const kycRoutes = [
  {
    method: 'POST',
    path: '/api/kyc/address-challenge',
    summary: 'A challenge to sign with the XRPL address’s key (KYC binds only an address its holder controls)',
    access: anyRole,
    body: addressChallengeRequest,
    success: { status: 201, json: addressChallengeResponse },
    idempotent: true,
    errors: ['IdempotencyKeyReused'],
  },
  {
    method: 'GET',
    path: '/api/kyc/status',
    summary: 'KYC and AML status of an address',
    access: anyRole,
    query: kycStatusQuery,
    success: { status: 200, json: kycStatusResponse },
    idempotent: false,
  },
  {
    method: 'POST',
    path: '/api/kyc/start-verification',
    summary: 'Start KYC for a proven address',
    access: anyRole,
    body: startVerificationRequest,
    success: { status: 201, json: startVerificationResponse },
    idempotent: true,
    errors: ['Conflict', 'IdempotencyKeyReused'],
  },
  {
    method: 'POST',
    path: '/api/kyc/verify',
    summary: 'Complete KYC: the provider’s decision and the AML screening',
    access: anyRole,
    body: verifyKycRequest,
    success: { status: 200, json: verifyKycResponse },
    idempotent: true,
    errors: ['NotFound', 'Conflict', 'IdempotencyKeyReused'],
  },
] satisfies readonly ApiRoute[];
