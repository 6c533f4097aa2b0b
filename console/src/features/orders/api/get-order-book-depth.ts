import { orderBookDepthResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/json-query';
import { marketplaceQueryKeyPrefix, marketSearch, type MarketSelection } from './get-marketplace';

/** Under the marketplace prefix: the realtime updates that refresh the book refresh its depth. */
export function orderBookDepthQueryOptions(market: MarketSelection) {
  return queryOptions({
    queryKey: [...marketplaceQueryKeyPrefix, 'depth', market.creditType, market.vintage],
    queryFn: getJson(`/api/marketplace/depth?${marketSearch(market)}`, orderBookDepthResponse),
  });
}

export function useOrderBookDepth(market: MarketSelection) {
  return useQuery(orderBookDepthQueryOptions(market));
}
