import { retireCreditsResponse, type RetireCreditsRequest, type RetireCreditsResponse } from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { retirementAnalyticsQueryKeyPrefix } from './get-retirement-analytics';
import { creditsQueryKey } from './list-credits';
import { retirementsQueryKey } from './list-retirements';

export function retireCredits(request: RetireCreditsRequest): Promise<RetireCreditsResponse> {
  return requestJson('/api/retire', retireCreditsResponse, { method: 'POST', body: request });
}

export function useRetireCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retireCredits,
    onSuccess: () =>
      Promise.all([creditsQueryKey, retirementsQueryKey, retirementAnalyticsQueryKeyPrefix].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
