import { cancelCreditsResponse, type CancelCreditsRequest, type CancelCreditsResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { creditsQueryKey } from './list-credits';

export function cancelCredits(request: CancelCreditsRequest): Promise<CancelCreditsResponse> {
  return requestJson('/api/cancel', cancelCreditsResponse, { method: 'POST', body: request });
}

export function useCancelCredits() {
  return useRefreshingMutation({ mutationFn: cancelCredits, refreshes: [creditsQueryKey] });
}
