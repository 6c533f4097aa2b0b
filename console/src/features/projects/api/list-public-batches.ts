import { listRegistryBatchesResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

/** Also the path it loads: every batch with its serial range, buffer share and origin. */
export const publicBatchesQueryKey = ['api', 'registry', 'batches'] as const;

export function publicBatchesQueryOptions() {
  return queryOptions(jsonQueryAt(publicBatchesQueryKey, listRegistryBatchesResponse));
}

export function usePublicBatches() {
  return useQuery(publicBatchesQueryOptions());
}
