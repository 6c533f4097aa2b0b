import { issueCreditsResponse, type IssueCreditsRequest, type IssueCreditsResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { creditsQueryKey } from './list-credits';

export function issueCredits(request: IssueCreditsRequest): Promise<IssueCreditsResponse> {
  return requestJson('/api/issue', issueCreditsResponse, { method: 'POST', body: request });
}

export function useIssueCredits() {
  return useRefreshingMutation({
    mutationFn: issueCredits,
    refreshes: [creditsQueryKey],
  });
}
