import { listCreditsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

/** Also the path it loads, and the key realtime updates of the 'credits' view invalidate. */
export const creditsQueryKey = ['api', 'credits'] as const;

export function listCreditsQueryOptions() {
  return queryOptions(jsonQueryAt(creditsQueryKey, listCreditsResponse));
}

export function useCredits() {
  return useQuery(listCreditsQueryOptions());
}
