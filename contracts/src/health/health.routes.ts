import { type ApiRoute } from '../api/api-route.js';
import { healthResponse } from './health.contract.js';

export const healthRoutes = [
  {
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness, projection lag and failures (503 with the same body while unhealthy)',
    access: 'public',
    success: { status: 200, json: healthResponse, alsoStatuses: [503] },
    idempotent: false,
  },
] satisfies readonly ApiRoute[];
