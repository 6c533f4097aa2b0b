import { portfolioHoldingsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/json-query';
import { portfoliosQueryKey } from './list-portfolios';

export function portfolioHoldingsQueryOptions(portfolioId: string) {
  return queryOptions({
    queryKey: [...portfoliosQueryKey, portfolioId, 'holdings'],
    queryFn: getJson(`/api/portfolios/${portfolioId}/holdings`, portfolioHoldingsResponse),
  });
}

export function usePortfolioHoldings(portfolioId: string) {
  return useQuery(portfolioHoldingsQueryOptions(portfolioId));
}
