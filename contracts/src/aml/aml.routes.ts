import { type ApiRoute, oversightAccess } from '../api/api-route.js';
import { listAmlAlertsParams, listAmlAlertsResponse } from './list-aml-alerts.contract.js';

export const amlRoutes = [
  {
    method: 'GET',
    path: '/api/aml/alerts',
    summary: 'AML alerts, newest first',
    access: oversightAccess,
    query: listAmlAlertsParams,
    success: { status: 200, json: listAmlAlertsResponse },
    idempotent: false,
  },
] satisfies readonly ApiRoute[];
