import { listProjectsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

/** Also the path it loads: projects assigned to the signed-in verifier. */
export const verificationQueueQueryKey = ['api', 'projects', 'verification-queue'] as const;

export function verificationQueueQueryOptions() {
  return queryOptions(jsonQueryAt(verificationQueueQueryKey, listProjectsResponse));
}

export function useVerificationQueue() {
  return useQuery(verificationQueueQueryOptions());
}
