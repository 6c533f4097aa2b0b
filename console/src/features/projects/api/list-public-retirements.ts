import { listRegistryRetirementsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

/** Also the path it loads: every retirement with its serials, beneficiary and purpose. */
export const publicRetirementsQueryKey = ['api', 'registry', 'retirements'] as const;

export function publicRetirementsQueryOptions() {
  return queryOptions(jsonQueryAt(publicRetirementsQueryKey, listRegistryRetirementsResponse));
}

export function usePublicRetirements() {
  return useQuery(publicRetirementsQueryOptions());
}
