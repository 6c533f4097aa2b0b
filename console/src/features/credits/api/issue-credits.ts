import { issueCreditsResponse, type IssueCreditsRequest, type IssueCreditsResponse } from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { creditsQueryKey } from './list-credits';

export function issueCredits(request: IssueCreditsRequest): Promise<IssueCreditsResponse> {
  return requestJson('/api/issue', issueCreditsResponse, { method: 'POST', body: request });
}

export function useIssueCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueCredits,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditsQueryKey }),
  });
}
