import { createPortfolioResponse, type CreatePortfolioRequest, type CreatePortfolioResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { portfoliosQueryKey } from './list-portfolios';

export function createPortfolio(request: CreatePortfolioRequest): Promise<CreatePortfolioResponse> {
  return requestJson('/api/portfolios', createPortfolioResponse, { method: 'POST', body: request });
}

export function useCreatePortfolio() {
  return useRefreshingMutation({
    mutationFn: createPortfolio,
    refreshes: [portfoliosQueryKey],
  });
}
