import { ammDailyPricesResponse, type AmmDailyPricesResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

/** Under ['api', 'trades']: the realtime updates of the trades view refresh it. */
export const ammDailyPricesQueryKey = ['api', 'trades', 'amm-daily'] as const;

export function fetchAmmDailyPrices(signal?: AbortSignal): Promise<AmmDailyPricesResponse> {
  return requestJson('/api/trades/amm-daily', ammDailyPricesResponse, { signal });
}

export function ammDailyPricesQueryOptions() {
  return queryOptions({ queryKey: ammDailyPricesQueryKey, queryFn: ({ signal }) => fetchAmmDailyPrices(signal) });
}

/** The AMM's swaps per day over the last 30 days, as the trades read model sums them. */
export function useAmmDailyPrices() {
  return useQuery(ammDailyPricesQueryOptions());
}
