import { z } from 'zod';
import { serialNumberPattern, tokenIdPattern } from '../credit-market/credit-market.constants.js';
import { retirementAnalyticsFilters } from './credits.views.js';
import { newestByLogKey, newestByNameKey, pageQuery } from '../shared/paging.js';

/** GET /api/enhanced-retirement/analytics/{filter} */
export const retirementAnalyticsParams = z.object({
  filter: z.enum(retirementAnalyticsFilters, { error: `Filter must be one of: ${retirementAnalyticsFilters.join(', ')}` }),
});

/** GET /api/provenance/{tokenId} */
export const provenanceParams = z.object({
  tokenId: z.string().regex(tokenIdPattern, 'Token ID must look like SOLAR-2026-7F3A9C21'),
});

/** GET /api/provenance/serials/{serial} */
export const serialProvenanceParams = z.object({
  serial: z.string().regex(serialNumberPattern, 'Serial number must look like NXCC-SOLAR-2026-7F3A9C21-000151'),
});

/** Records carry up to 1,000 serial numbers each, so a page is 100 by default; the analytics endpoint has the totals. */
export const RETIREMENTS_PAGE = 100;
export const TRADES_PAGE = 100;
export const PROVENANCE_PAGE = 100;

/** Batches carry their settlement and serial block: 100 a page, as the registry's public list. */
export const CREDITS_PAGE = 100;

/** GET /api/credits?limit=&cursor=: the registry's batches newest issued first, then by batch id. */
export const listCreditsParams = pageQuery('credits', newestByNameKey, CREDITS_PAGE);
export type ListCreditsParams = z.infer<typeof listCreditsParams>;

/** The longest text a holdings search takes: more than any token id or project name. */
export const HOLDINGS_SEARCH_MAX = 100;

/**
 * GET /api/credits/holdings?limit=&cursor=&search=: what the caller holds, a batch per row, newest
 * issued first, then by batch id; `search` keeps the batches whose token id or project name holds
 * the text (any case), `only=tradable` those with credits free to use. `GET /api/credits` answers
 * the first page of it.
 */
export const listHoldingsParams = pageQuery('holdings', newestByNameKey, CREDITS_PAGE).extend({
  search: z
    .string()
    .trim()
    .max(HOLDINGS_SEARCH_MAX, `search must be at most ${HOLDINGS_SEARCH_MAX} characters`)
    .optional()
    .meta({ description: 'Only the batches whose token id or project name holds this text (any case)' }),
  only: z
    .enum(['tradable'], { error: 'only must be tradable' })
    .optional()
    .meta({ description: 'tradable: only the batches of which the account has credits free to trade, transfer or retire' }),
});
export type ListHoldingsParams = z.infer<typeof listHoldingsParams>;

/** GET /api/retirements?limit=&cursor= */
export const listRetirementsParams = pageQuery('retirements', newestByLogKey, RETIREMENTS_PAGE);
export type ListRetirementsParams = z.infer<typeof listRetirementsParams>;

/** GET /api/trades?limit=&cursor= */
export const listTradesParams = pageQuery('trades', newestByLogKey, TRADES_PAGE);
export type ListTradesParams = z.infer<typeof listTradesParams>;

/**
 * GET /api/provenance/{tokenId}?limit=&cursor=: a cursor names its batch, the log position of the last
 * entry answered, and the market stream version of the last market entry up to it (-1 before any):
 * where the next page's read of the market starts.
 */
export const provenanceQuery = pageQuery(
  'provenance',
  z.tuple([z.string().regex(tokenIdPattern), z.string().regex(/^\d+:\d+$/), z.string().regex(/^(-1|\d{1,19})$/)]),
  PROVENANCE_PAGE,
);
export type ProvenanceQuery = z.infer<typeof provenanceQuery>;
