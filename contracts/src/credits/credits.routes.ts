import type { z } from 'zod';
import { anyRole, type ApiRoute, idempotentRoute, readRoute } from '../api/api-route.js';
import {
  listCreditsResponse,
  listHoldingsResponse,
  listRetirementsResponse,
  listTradesResponse,
  metricsResponse,
  provenanceResponse,
  retirementAnalytics,
  retirementsPerMonth,
  serialProvenanceResponse,
} from './credits.views.js';
import { getRetirementResponse, retirementParams } from './get-retirement.contract.js';
import {
  listCreditsParams,
  listHoldingsParams,
  listRetirementsParams,
  listTradesParams,
  provenanceParams,
  provenanceQuery,
  retirementAnalyticsParams,
  serialProvenanceParams,
} from './read-credits.contract.js';
import { retireCreditsRequest, retireCreditsResponse } from './retire-credits.contract.js';
import { cancelCreditsRequest, cancelCreditsResponse } from './cancel-credits.contract.js';
import {
  acceptDirectTradeOfferResponse,
  directTradeOfferParams,
  listDirectTradeOffersResponse,
  listTradeOffersParams,
  tradeCreditsRequest,
  tradeCreditsResponse,
  withdrawDirectTradeOfferResponse,
} from './trade-credits.contract.js';
import type { ApiErrorCode } from '../shared/api-error.js';
import type { ProjectionName } from '../shared/projection-names.js';

/** Who holds credits: the calls that move or retire them. */
const holders = ['trader', 'issuer', 'admin'] as const;

/** What a holder reads after moving credits: holdings, trades, retirements and offers. */
const REGISTRY_VIEWS: readonly ProjectionName[] = ['credit-registry', 'credit-trades', 'credit-retirements', 'direct-trade-offers'];

/** A holder moves or retires credits they hold (KYC required): answered once the registry views show it. */
function holderRoute(path: string, summary: string, body: z.ZodType, json: z.ZodType): ApiRoute {
  return idempotentRoute('POST', path, holders, {
    summary,
    body,
    success: { status: 201, json },
    errors: ['KycRequired', 'NotFound', 'Conflict', 'IdempotencyKeyReused'],
    views: REGISTRY_VIEWS,
  });
}

/** What the buyer or the seller does with a direct offer: one call per action on the offer's path. */
function offerRoute(
  action: 'accept' | 'decline' | 'cancel',
  summary: string,
  json: z.ZodType,
  errors: readonly ApiErrorCode[],
  views = REGISTRY_VIEWS,
): ApiRoute {
  return idempotentRoute('POST', `/api/trade/offers/:offerId/${action}`, holders, {
    summary,
    params: directTradeOfferParams,
    success: { status: 201, json },
    errors,
    views,
  });
}

export const creditsRoutes = [
  holderRoute(
    '/api/trade',
    'Offer credits of a batch the caller holds to a named buyer at a price (escrowed until the buyer accepts and pays, declines, or 24 h pass)',
    tradeCreditsRequest,
    tradeCreditsResponse,
  ),
  readRoute(
    '/api/trade/offers',
    holders,
    "The caller's direct trade offers, incoming and outgoing, with their status, newest first, paged by cursor",
    listDirectTradeOffersResponse,
    { query: listTradeOffersParams },
  ),
  offerRoute(
    'accept',
    "The offer's buyer accepts it: its price and the 0.5% fee are paid from the buyer's cash with the serials (409 with the available balance when short)",
    acceptDirectTradeOfferResponse,
    ['KycRequired', 'NotFound', 'Conflict', 'IdempotencyKeyReused'],
    // The buyer's cash pays for it.
    [...REGISTRY_VIEWS, 'cash-ledger'],
  ),
  offerRoute('decline', "The offer's buyer declines it: the serials go back to the seller", withdrawDirectTradeOfferResponse, [
    'NotFound',
    'Conflict',
    'IdempotencyKeyReused',
  ]),
  offerRoute('cancel', "The offer's seller cancels it (either party, once it expired): the serials go back to the seller", withdrawDirectTradeOfferResponse, [
    'NotFound',
    'Conflict',
    'IdempotencyKeyReused',
  ]),
  holderRoute('/api/retire', 'Retire credits the caller holds on behalf of a beneficiary; issues the certificate', retireCreditsRequest, retireCreditsResponse),
  idempotentRoute('POST', '/api/cancel', ['trader', 'issuer', 'registry', 'admin'], {
    summary:
      "Cancel tradable serials without a claim (never a retirement): a holder their own, voluntarily; the registry any account's, for any reason (403 otherwise, 409 when short)",
    body: cancelCreditsRequest,
    success: { status: 201, json: cancelCreditsResponse },
    errors: ['ValidationFailed', 'Forbidden', 'NotFound', 'Conflict', 'IdempotencyKeyReused'],
    // The holdings and the cancellation record are both in the registry view.
    views: ['credit-registry'],
  }),
  readRoute('/api/credits', anyRole, "Credit batches, newest first, paged by cursor, and the first page of the caller's holdings", listCreditsResponse, {
    query: listCreditsParams,
  }),
  readRoute('/api/credits/holdings', anyRole, "The caller's holdings, a batch per row, newest first, paged by cursor and searchable", listHoldingsResponse, {
    query: listHoldingsParams,
  }),
  readRoute('/api/trades', anyRole, 'Trades, newest first, paged by cursor', listTradesResponse, { query: listTradesParams }),
  readRoute('/api/retirements', anyRole, 'Retirement records, newest first, paged by cursor', listRetirementsResponse, { query: listRetirementsParams }),
  readRoute(
    '/api/retirements/:id',
    'public',
    'One retirement with its certificate document and how to verify it (public: the certificate link)',
    getRetirementResponse,
    { params: retirementParams, errors: ['NotFound'] },
  ),
  {
    method: 'GET',
    path: '/api/retirements/:id/certificate.pdf',
    summary: 'The retirement certificate as a PDF (public)',
    access: 'public',
    params: retirementParams,
    success: { status: 200, file: ['application/pdf'] },
    idempotent: false,
    errors: ['NotFound'],
  },
  readRoute('/api/enhanced-retirement/analytics', anyRole, 'Retirement totals by project type and standard', retirementAnalytics),
  readRoute('/api/enhanced-retirement/analytics/:filter', anyRole, 'Retirement totals over a window', retirementAnalytics, {
    params: retirementAnalyticsParams,
  }),
  readRoute('/api/enhanced-retirement/monthly', anyRole, 'Credits retired per month over the last 12 months (UTC), oldest first', retirementsPerMonth),
  readRoute('/api/metrics', anyRole, 'Dashboard metrics', metricsResponse),
  readRoute('/api/provenance/:tokenId', anyRole, 'The history of a credit batch from issuance on, paged by cursor', provenanceResponse, {
    params: provenanceParams,
    query: provenanceQuery,
    errors: ['NotFound'],
  }),
  readRoute(
    '/api/provenance/serials/:serial',
    anyRole,
    'The whole life of one serial number: issued in which batch, each transfer, escrow, retirement, with event positions and covering seals',
    serialProvenanceResponse,
    { params: serialProvenanceParams, errors: ['NotFound'] },
  ),
] satisfies readonly ApiRoute[];
