import { listDirectTradeOffersResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

/** Also the path it loads, and the prefix realtime updates of the 'trade-offers' view invalidate. */
export const tradeOffersQueryKey = ['api', 'trade', 'offers'] as const;

export function listTradeOffersQueryOptions() {
  return queryOptions(jsonQueryAt(tradeOffersQueryKey, listDirectTradeOffersResponse));
}

export function useTradeOffers() {
  return useQuery(listTradeOffersQueryOptions());
}
