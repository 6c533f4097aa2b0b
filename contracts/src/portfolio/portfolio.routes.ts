import { type ApiRoute } from '../api/api-route.js';
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

export const portfolioRoutes = [
  {
    method: 'GET',
    path: '/api/portfolios/:userId',
    summary: "List a user's portfolios: the signed-in user's own (admins: anyone's); another user's list is 404",
    access: portfolioAccess,
    params: portfolioOwnerParams,
    success: { status: 200, json: listPortfoliosResponse },
    idempotent: false,
    errors: ['NotFound'],
  },
  {
    method: 'POST',
    path: '/api/portfolios',
    summary: 'Create a portfolio (name, risk profile, description) for the signed-in user',
    access: portfolioAccess,
    body: createPortfolioRequest,
    success: { status: 201, json: createPortfolioResponse },
    idempotent: true,
    errors: ['IdempotencyKeyReused', 'ServiceUnavailable'],
  },
  {
    method: 'GET',
    path: '/api/portfolio/:id',
    summary: "One portfolio, its owner's (admins: anyone's)",
    access: portfolioAccess,
    params: portfolioIdParams,
    success: { status: 200, json: portfolioView },
    idempotent: false,
    errors: ['NotFound'],
  },
  {
    method: 'GET',
    path: '/api/portfolios/:id/holdings',
    summary: "The owner's registry holdings by project type and vintage, valued at the last trade (or a marked reference price)",
    access: portfolioAccess,
    params: portfolioIdParams,
    success: { status: 200, json: portfolioHoldingsResponse },
    idempotent: false,
    errors: ['NotFound'],
  },
  {
    method: 'GET',
    path: '/api/portfolios/:id/suggestions',
    summary: 'Explainable optimization suggestions, each with its reasoning, numbers and recommended orders',
    access: portfolioAccess,
    params: portfolioIdParams,
    success: { status: 200, json: listSuggestionsResponse },
    idempotent: false,
    errors: ['NotFound'],
  },
  {
    method: 'POST',
    path: '/api/portfolios/:id/suggestions/:suggestionId/implement',
    summary: "Place a suggestion's recommended orders through the order path (KYC required); implementing it again places nothing",
    access: portfolioAccess,
    params: suggestionParams,
    success: { status: 200, json: implementSuggestionResponse },
    idempotent: true,
    errors: ['NotFound', 'KycRequired', 'Conflict', 'IdempotencyKeyReused', 'ServiceUnavailable'],
  },
  {
    method: 'GET',
    path: '/api/portfolios/:id/analytics',
    summary: 'Time-weighted return, volatility, Sharpe ratio and maximum drawdown over the last `days` days, with the daily values',
    access: portfolioAccess,
    params: portfolioIdParams,
    query: analyticsQuery,
    success: { status: 200, json: portfolioAnalyticsResponse },
    idempotent: false,
    errors: ['NotFound'],
  },
  {
    method: 'GET',
    path: '/api/market-insights',
    summary: 'Plain sentences computed from the log: volumes, price moves, spreads and depth per market, the removal premium',
    access: ['trader', 'issuer', 'compliance', 'auditor', 'admin'],
    success: { status: 200, json: marketInsightsResponse },
    idempotent: false,
  },
] satisfies readonly ApiRoute[];
