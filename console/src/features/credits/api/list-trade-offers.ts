import { listDirectTradeOffersResponse } from '@carbon-ledger/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesAt } from '../../../shared/api/cursor-pages';

/** Also the path it loads, and the prefix realtime updates of the 'trade-offers' view invalidate. */
export const tradeOffersQueryKey = ['api', 'trade', 'offers'] as const;

/** Newest first, a page at a time. */
export function listTradeOffersQueryOptions() {
  return cursorPagesAt(tradeOffersQueryKey, listDirectTradeOffersResponse);
}

export function useTradeOffers() {
  return useInfiniteQuery(listTradeOffersQueryOptions());
}
