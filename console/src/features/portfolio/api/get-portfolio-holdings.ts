import { portfolioHoldingsResponse, type PortfolioHoldingsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { portfoliosQueryKey } from './list-portfolios';

export function fetchPortfolioHoldings(portfolioId: string, signal?: AbortSignal): Promise<PortfolioHoldingsResponse> {
  return requestJson(`/api/portfolios/${portfolioId}/holdings`, portfolioHoldingsResponse, { signal });
}

export function portfolioHoldingsQueryOptions(portfolioId: string) {
  return queryOptions({
    queryKey: [...portfoliosQueryKey, portfolioId, 'holdings'],
    queryFn: ({ signal }) => fetchPortfolioHoldings(portfolioId, signal),
  });
}

export function usePortfolioHoldings(portfolioId: string) {
  return useQuery(portfolioHoldingsQueryOptions(portfolioId));
}
