import { listPortfoliosResponse, type PortfolioView } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

/** The prefix every portfolio call's key starts with (the path /api/portfolios/…). */
export const portfoliosQueryKey = ['api', 'portfolios'] as const;

export function fetchPortfolios(userId: string, signal?: AbortSignal): Promise<PortfolioView[]> {
  return requestJson(`/api/portfolios/${encodeURIComponent(userId)}`, listPortfoliosResponse, { signal });
}

export function listPortfoliosQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...portfoliosQueryKey, userId],
    queryFn: ({ signal }) => fetchPortfolios(userId, signal),
  });
}

/** The signed-in user's portfolios; idle until the user is known. */
export function usePortfolios(userId: string | undefined) {
  return useQuery({ ...listPortfoliosQueryOptions(userId ?? ''), enabled: userId !== undefined });
}
