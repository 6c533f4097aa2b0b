import { type ApiRoute, oversightAccess, readRoute } from '../api/api-route.js';
import { listAmlAlertsParams, listAmlAlertsResponse } from './list-aml-alerts.contract.js';

export const amlRoutes = [
  readRoute('/api/aml/alerts', oversightAccess, 'AML alerts, newest first, paged by cursor', listAmlAlertsResponse, { query: listAmlAlertsParams }),
] satisfies readonly ApiRoute[];
