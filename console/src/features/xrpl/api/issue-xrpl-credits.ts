import {
  type XrplIssuePrepareRequest,
  type XrplIssueResponse,
  xrplIssueResponse,
  xrplPrepareResponse,
  type XrplPrepareResponse,
  type XrplSubmitRequest,
} from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { runSignedAction, type SignedActionInput } from '../xrpl-signed-action';

export function prepareXrplIssue(request: XrplIssuePrepareRequest): Promise<XrplPrepareResponse> {
  return requestJson('/api/xrpl/issue/prepare', xrplPrepareResponse, { method: 'POST', body: request });
}

export function submitXrplIssue(submission: XrplSubmitRequest): Promise<XrplIssueResponse> {
  return requestJson('/api/xrpl/issue', xrplIssueResponse, { method: 'POST', body: submission });
}

export function issueXrplCredits(input: SignedActionInput<XrplIssuePrepareRequest>): Promise<XrplIssueResponse> {
  return runSignedAction(input, prepareXrplIssue, submitXrplIssue);
}

/** Spec 7: after a successful XRPL issue the credits list is refreshed. */
export function useIssueXrplCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['api', 'xrpl', 'issue'],
    mutationFn: issueXrplCredits,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api', 'credits'] }),
  });
}
