import { fundsView } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

/** Also the prefix the 'funds' realtime view invalidates. */
export const fundsQueryKey = ['api', 'funds'] as const;

export function fundsQueryOptions() {
  return queryOptions(jsonQueryAt(fundsQueryKey, fundsView));
}

export function useFunds() {
  return useQuery(fundsQueryOptions());
}
