import { listDirectTradeOffersResponse, type ListDirectTradeOffersResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

/** Also the path it loads, and the prefix realtime updates of the 'trade-offers' view invalidate. */
export const tradeOffersQueryKey = ['api', 'trade', 'offers'] as const;

export function fetchTradeOffers(signal?: AbortSignal): Promise<ListDirectTradeOffersResponse> {
  return requestJson('/api/trade/offers', listDirectTradeOffersResponse, { signal });
}

export function listTradeOffersQueryOptions() {
  return queryOptions({ queryKey: tradeOffersQueryKey, queryFn: ({ signal }) => fetchTradeOffers(signal) });
}

export function useTradeOffers() {
  return useQuery(listTradeOffersQueryOptions());
}
