import { ammDailyPricesResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/json-query';

/** Under ['api', 'trades']: the realtime updates of the trades view, which it sums, refresh it. */
export const ammDailyPricesQueryKey = ['api', 'trades', 'amm-daily'] as const;

export function ammDailyPricesQueryOptions() {
  return queryOptions({ queryKey: ammDailyPricesQueryKey, queryFn: getJson('/api/xrpl/amm-daily', ammDailyPricesResponse) });
}

/** The AMM's swaps per day over the last 30 days, as the trades read model sums them. */
export function useAmmDailyPrices() {
  return useQuery(ammDailyPricesQueryOptions());
}
