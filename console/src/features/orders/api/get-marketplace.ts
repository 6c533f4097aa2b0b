import { type CreditLabel, marketplaceResponse } from '@carbon-ledger/contracts';
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

/** `label`: only the listings whose escrowed serials all carry it (docs/credit-use.md). */
export function marketplaceQueryOptions(market: MarketSelection, label?: CreditLabel) {
  const search = label ? `${marketSearch(market)}&${new URLSearchParams({ label }).toString()}` : marketSearch(market);
  return queryOptions({
    queryKey: label
      ? [...marketplaceQueryKeyPrefix, market.creditType, market.vintage, label]
      : [...marketplaceQueryKeyPrefix, market.creditType, market.vintage],
    queryFn: getJson(`/api/marketplace?${search}`, marketplaceResponse),
  });
}

export function useMarketplace(market: MarketSelection, label?: CreditLabel) {
  return useQuery(marketplaceQueryOptions(market, label));
}
