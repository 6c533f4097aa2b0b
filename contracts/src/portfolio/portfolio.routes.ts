import type { z } from 'zod';
import { type ApiRoute, idempotentRoute, readRoute } from '../api/api-route.js';
import { createPortfolioRequest, createPortfolioResponse } from './create-portfolio.contract.js';
import { analyticsQuery, portfolioIdParams, portfolioOwnerParams, suggestionParams } from './portfolio-params.contract.js';
import {
  implementSuggestionResponse,
  listPortfoliosResponse,
  listSuggestionsResponse,
  marketInsightsResponse,
  portfolioAnalyticsResponse,
  portfolioHoldingsResponse,
  portfolioView,
} from './portfolio.views.js';

/** Who holds credits and trades them has portfolios; admins may read anyone's. */
const portfolioAccess = ['trader', 'issuer', 'admin'] as const;

/** A read of one of the caller's portfolios (admins: anyone's); someone else's is 404. */
function ownPortfolioRoute(subpath: string, summary: string, json: z.ZodType, query?: z.ZodType): ApiRoute {
  return readRoute(`/api/portfolios/:id${subpath}`, portfolioAccess, summary, json, {
    params: portfolioIdParams,
    ...(query && { query }),
    errors: ['NotFound'],
  });
}

export const portfolioRoutes = [
  readRoute(
    '/api/portfolios/:userId',
    portfolioAccess,
    "List a user's portfolios: the signed-in user's own (admins: anyone's); another user's list is 404",
    listPortfoliosResponse,
    { params: portfolioOwnerParams, errors: ['NotFound'] },
  ),
  idempotentRoute('POST', '/api/portfolios', portfolioAccess, {
    summary: 'Create a portfolio (name, risk profile, description) for the signed-in user',
    body: createPortfolioRequest,
    success: { status: 201, json: createPortfolioResponse },
    errors: ['IdempotencyKeyReused', 'ServiceUnavailable'],
    views: ['portfolios'],
  }),
  readRoute('/api/portfolio/:id', portfolioAccess, "One portfolio, its owner's (admins: anyone's)", portfolioView, {
    params: portfolioIdParams,
    errors: ['NotFound'],
  }),
  ownPortfolioRoute(
    '/holdings',
    "The owner's registry holdings by project type and vintage, valued at the last trade (or a marked reference price)",
    portfolioHoldingsResponse,
  ),
  ownPortfolioRoute('/suggestions', 'Explainable optimization suggestions, each with its reasoning, numbers and recommended orders', listSuggestionsResponse),
  idempotentRoute('POST', '/api/portfolios/:id/suggestions/:suggestionId/implement', portfolioAccess, {
    summary: "Place a suggestion's recommended orders through the order path (KYC required); implementing it again places nothing",
    params: suggestionParams,
    success: { status: 200, json: implementSuggestionResponse },
    errors: ['NotFound', 'KycRequired', 'Conflict', 'IdempotencyKeyReused', 'ServiceUnavailable'],
    views: ['portfolios', 'order-book'],
  }),
  ownPortfolioRoute(
    '/analytics',
    'Time-weighted return, volatility, Sharpe ratio and maximum drawdown over the last `days` days, with the daily values',
    portfolioAnalyticsResponse,
    analyticsQuery,
  ),
  readRoute(
    '/api/market-insights',
    ['trader', 'issuer', 'compliance', 'auditor', 'admin'],
    'Plain sentences computed from the log: volumes, price moves, spreads and depth per market, the removal premium',
    marketInsightsResponse,
  ),
] satisfies readonly ApiRoute[];
