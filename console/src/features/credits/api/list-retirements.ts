import { listRetirementsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

/** Also the path it loads, and a prefix of every single retirement's key. */
export const retirementsQueryKey = ['api', 'retirements'] as const;

export function listRetirementsQueryOptions() {
  return queryOptions(jsonQueryAt(retirementsQueryKey, listRetirementsResponse));
}

export function useRetirements() {
  return useQuery(listRetirementsQueryOptions());
}
