import { orderBookDepthResponse, type OrderBookDepthResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { marketplaceQueryKeyPrefix, type MarketSelection } from './get-marketplace';

export function fetchOrderBookDepth(market: MarketSelection, signal?: AbortSignal): Promise<OrderBookDepthResponse> {
  const query = new URLSearchParams({ creditType: market.creditType, vintage: String(market.vintage) });
  return requestJson(`/api/marketplace/depth?${query.toString()}`, orderBookDepthResponse, { signal });
}

/** Under the marketplace prefix: the realtime updates that refresh the book refresh its depth. */
export function orderBookDepthQueryOptions(market: MarketSelection) {
  return queryOptions({
    queryKey: [...marketplaceQueryKeyPrefix, 'depth', market.creditType, market.vintage],
    queryFn: ({ signal }) => fetchOrderBookDepth(market, signal),
  });
}

export function useOrderBookDepth(market: MarketSelection) {
  return useQuery(orderBookDepthQueryOptions(market));
}
