import { marketplaceResponse, type MarketplaceResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

/** The prefix realtime updates of the 'marketplace' view invalidate. */
export const marketplaceQueryKeyPrefix = ['api', 'marketplace'] as const;

/** One market of the Marketplace screen: a credit type (solar, wind, ...) and a vintage. */
export interface MarketSelection {
  creditType: string;
  vintage: number;
}

export function fetchMarketplace(market: MarketSelection, signal?: AbortSignal): Promise<MarketplaceResponse> {
  const query = new URLSearchParams({ creditType: market.creditType, vintage: String(market.vintage) });
  return requestJson(`/api/marketplace?${query.toString()}`, marketplaceResponse, { signal });
}

export function marketplaceQueryOptions(market: MarketSelection) {
  return queryOptions({
    queryKey: [...marketplaceQueryKeyPrefix, market.creditType, market.vintage],
    queryFn: ({ signal }) => fetchMarketplace(market, signal),
  });
}

export function useMarketplace(market: MarketSelection) {
  return useQuery(marketplaceQueryOptions(market));
}
