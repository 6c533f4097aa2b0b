import { listSuggestionsResponse, type SuggestionView } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { portfoliosQueryKey } from './list-portfolios';

export async function fetchPortfolioSuggestions(portfolioId: string, signal?: AbortSignal): Promise<SuggestionView[]> {
  const { suggestions } = await requestJson(`/api/portfolios/${portfolioId}/suggestions`, listSuggestionsResponse, { signal });
  return suggestions;
}

export function portfolioSuggestionsQueryOptions(portfolioId: string) {
  return queryOptions({
    queryKey: [...portfoliosQueryKey, portfolioId, 'suggestions'],
    queryFn: ({ signal }) => fetchPortfolioSuggestions(portfolioId, signal),
  });
}

export function usePortfolioSuggestions(portfolioId: string) {
  return useQuery(portfolioSuggestionsQueryOptions(portfolioId));
}
