import { retireCreditsResponse, type RetireCreditsRequest, type RetireCreditsResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { retirementAnalyticsQueryKeyPrefix } from './get-retirement-analytics';
import { creditsQueryKey } from './list-credits';
import { retirementsQueryKey } from './list-retirements';

export function retireCredits(request: RetireCreditsRequest): Promise<RetireCreditsResponse> {
  return requestJson('/api/retire', retireCreditsResponse, { method: 'POST', body: request });
}

export function useRetireCredits() {
  return useRefreshingMutation({
    mutationFn: retireCredits,
    refreshes: [creditsQueryKey, retirementsQueryKey, retirementAnalyticsQueryKeyPrefix],
  });
}
