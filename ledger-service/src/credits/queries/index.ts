import { GetMetricsHandler } from './get-metrics.handler.js';
import { GetProvenanceHandler } from './get-provenance.handler.js';
import { GetSerialProvenanceHandler } from './get-serial-provenance.handler.js';
import { GetRetirementAnalyticsHandler } from './get-retirement-analytics.handler.js';
import { GetRetirementsPerMonthHandler } from './get-retirements-per-month.handler.js';
import { GetRetirementHandler } from './get-retirement.handler.js';
import { ListCreditsHandler } from './list-credits.handler.js';
import { ListHoldingsHandler } from './list-holdings.handler.js';
import { ListRetirementsHandler } from './list-retirements.handler.js';
import { ListTradesHandler } from './list-trades.handler.js';

export const creditQueryHandlers = [
  ListCreditsHandler,
  ListHoldingsHandler,
  ListTradesHandler,
  ListRetirementsHandler,
  GetRetirementHandler,
  GetRetirementAnalyticsHandler,
  GetRetirementsPerMonthHandler,
  GetMetricsHandler,
  GetProvenanceHandler,
  GetSerialProvenanceHandler,
];
