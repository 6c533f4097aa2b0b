import { type ApiRoute } from '../api/api-route.js';
import { carbonPricesResponse } from './carbon-prices.contract.js';

export const marketRoutes = [
  {
    method: 'GET',
    path: '/api/carbon-prices',
    summary: 'Compliance-market carbon prices (live feed, or the reference samples)',
    access: 'public',
    success: { status: 200, json: carbonPricesResponse },
    idempotent: false,
  },
] satisfies readonly ApiRoute[];
