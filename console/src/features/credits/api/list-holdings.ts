import { listHoldingsResponse } from '@carbon-ledger/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/json-query';
import { creditsQueryKey } from './list-credits';

/** Batches a picker lists at once: the search narrows the rest. */
export const HOLDINGS_PICKER_LIMIT = 50;

/**
 * The caller's batches with credits free to use whose token id or project name holds `search`
 * (GET /api/credits/holdings): under the credits key, so whatever refreshes the credits list
 * (an issue, a trade, a retirement) refreshes it too.
 */
export function tradableHoldingsQueryOptions(search: string) {
  const query = new URLSearchParams({ only: 'tradable', limit: String(HOLDINGS_PICKER_LIMIT) });
  if (search !== '') query.set('search', search);
  return queryOptions({
    queryKey: [...creditsQueryKey, 'holdings', { search }] as const,
    queryFn: getJson(`/api/credits/holdings?${query.toString()}`, listHoldingsResponse),
    placeholderData: keepPreviousData,
  });
}

export function useTradableHoldings(search: string) {
  return useQuery(tradableHoldingsQueryOptions(search));
}
