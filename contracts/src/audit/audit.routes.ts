import { type ApiRoute, idempotentRoute, NO_VIEWS, readRoute } from '../api/api-route.js';
import { sealLogResponse } from './seal-log.contract.js';
import { verifyLogResponse } from './verify-log.contract.js';

export const auditRoutes = [
  readRoute(
    '/api/audit/verify',
    ['auditor', 'compliance', 'admin'],
    'Re-derive every hash chain, seal and anchor; names the first mismatch',
    verifyLogResponse,
  ),
  idempotentRoute('POST', '/api/audit/seals', ['auditor', 'admin'], {
    summary: 'Seal the events below the horizon now (the sealer also runs on its own)',
    success: { status: 201, json: sealLogResponse },
    errors: ['IdempotencyKeyReused'],
    // Seals are read from the log itself (GET /api/audit/verify), not from a view.
    views: NO_VIEWS,
  }),
] satisfies readonly ApiRoute[];
