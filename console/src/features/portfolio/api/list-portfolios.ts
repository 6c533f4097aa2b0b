import { listPortfoliosResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/json-query';

/** The prefix every portfolio call's key starts with (the path /api/portfolios/…). */
export const portfoliosQueryKey = ['api', 'portfolios'] as const;

export function listPortfoliosQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...portfoliosQueryKey, userId],
    queryFn: getJson(`/api/portfolios/${encodeURIComponent(userId)}`, listPortfoliosResponse),
  });
}

/** The signed-in user's portfolios; idle until the user is known. */
export function usePortfolios(userId: string | undefined) {
  return useQuery({ ...listPortfoliosQueryOptions(userId ?? ''), enabled: userId !== undefined });
}
