import { fundsView, type FundsView } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

/** Also the prefix the 'funds' realtime view invalidates. */
export const fundsQueryKey = ['api', 'funds'] as const;

export function fetchFunds(signal?: AbortSignal): Promise<FundsView> {
  return requestJson('/api/funds', fundsView, { signal });
}

export function fundsQueryOptions() {
  return queryOptions({ queryKey: fundsQueryKey, queryFn: ({ signal }) => fetchFunds(signal) });
}

export function useFunds() {
  return useQuery(fundsQueryOptions());
}
