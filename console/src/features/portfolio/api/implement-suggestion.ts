import { implementSuggestionResponse, type ImplementSuggestionResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { portfoliosQueryKey } from './list-portfolios';

/** The Trading Desk's list (its path); features do not import each other, so the key is spelled here. */
const ordersQueryKey = ['api', 'orders'] as const;

export function implementSuggestion(input: { portfolioId: string; suggestionId: string }): Promise<ImplementSuggestionResponse> {
  return requestJson(`/api/portfolios/${input.portfolioId}/suggestions/${input.suggestionId}/implement`, implementSuggestionResponse, {
    method: 'POST',
  });
}

export function useImplementSuggestion() {
  return useRefreshingMutation({
    mutationFn: implementSuggestion,
    // The orders it placed show on the Trading Desk; suggestions and holdings may change with them.
    refreshes: [portfoliosQueryKey, ordersQueryKey],
  });
}
