import { createPortfolioResponse, type CreatePortfolioRequest, type CreatePortfolioResponse } from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { portfoliosQueryKey } from './list-portfolios';

export function createPortfolio(request: CreatePortfolioRequest): Promise<CreatePortfolioResponse> {
  return requestJson('/api/portfolios', createPortfolioResponse, { method: 'POST', body: request });
}

export function useCreatePortfolio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPortfolio,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portfoliosQueryKey }),
  });
}
