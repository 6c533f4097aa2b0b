import { type XrplIssuePrepareRequest, type XrplIssueResponse, xrplIssueResponse } from '@carbon-ledger/contracts';
import { signedActionMutation } from '../xrpl-signed-action';

/** Spec 7: after a successful XRPL issue the credits list is refreshed. */
export const useIssueXrplCredits = signedActionMutation<XrplIssuePrepareRequest, XrplIssueResponse>({
  action: 'issue',
  result: xrplIssueResponse,
  refreshes: [['api', 'credits']],
});
