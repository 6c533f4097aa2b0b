import { type ApiRoute } from '../api/api-route.js';
import { sealLogResponse } from './seal-log.contract.js';
import { verifyLogResponse } from './verify-log.contract.js';

export const auditRoutes = [
  {
    method: 'GET',
    path: '/api/audit/verify',
    summary: 'Re-derive every hash chain, seal and anchor; names the first mismatch',
    access: ['auditor', 'compliance', 'admin'],
    success: { status: 200, json: verifyLogResponse },
    idempotent: false,
  },
  {
    method: 'POST',
    path: '/api/audit/seals',
    summary: 'Seal the events below the horizon now (the sealer also runs on its own)',
    access: ['auditor', 'admin'],
    success: { status: 201, json: sealLogResponse },
    idempotent: true,
    errors: ['IdempotencyKeyReused'],
  },
] satisfies readonly ApiRoute[];
