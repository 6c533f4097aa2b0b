import { type ApiRoute, readRoute } from '../api/api-route.js';
import { carbonPricesResponse } from './carbon-prices.contract.js';

export const marketRoutes = [
  readRoute('/api/carbon-prices', 'public', 'Compliance-market carbon prices (live feed, or the reference samples)', carbonPricesResponse),
] satisfies readonly ApiRoute[];
