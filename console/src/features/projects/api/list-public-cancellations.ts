import { listRegistryCancellationsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

/** Also the path it loads: every cancellation with its serials and reason. */
export const publicCancellationsQueryKey = ['api', 'registry', 'cancellations'] as const;

export function publicCancellationsQueryOptions() {
  return queryOptions(jsonQueryAt(publicCancellationsQueryKey, listRegistryCancellationsResponse));
}

export function usePublicCancellations() {
  return useQuery(publicCancellationsQueryOptions());
}
