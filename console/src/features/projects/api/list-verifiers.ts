import { listVerifiersResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

/** Also the path it loads: verifiers and the project types each is accredited for. */
export const verifiersQueryKey = ['api', 'verifiers'] as const;

export function verifiersQueryOptions() {
  return queryOptions(jsonQueryAt(verifiersQueryKey, listVerifiersResponse));
}

export function useVerifiers() {
  return useQuery(verifiersQueryOptions());
}
