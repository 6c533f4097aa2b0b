import { marketplaceResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/json-query';

/** The prefix realtime updates of the 'marketplace' view invalidate. */
export const marketplaceQueryKeyPrefix = ['api', 'marketplace'] as const;

/** One market of the Marketplace screen: a credit type (solar, wind, ...) and a vintage. */
export interface MarketSelection {
  creditType: string;
  vintage: number;
}

/** The query string that names a market in its calls. */
export function marketSearch(market: MarketSelection): string {
  return new URLSearchParams({ creditType: market.creditType, vintage: String(market.vintage) }).toString();
}

export function marketplaceQueryOptions(market: MarketSelection) {
  return queryOptions({
    queryKey: [...marketplaceQueryKeyPrefix, market.creditType, market.vintage],
    queryFn: getJson(`/api/marketplace?${marketSearch(market)}`, marketplaceResponse),
  });
}

export function useMarketplace(market: MarketSelection) {
  return useQuery(marketplaceQueryOptions(market));
}
