import { recordReversalResponse, type RecordReversalRequest, type RecordReversalResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { projectDecisionRefreshes } from './query-keys';

export interface RecordReversalVariables {
  projectId: string;
  reversal: RecordReversalRequest;
}

/** The registry records a reversal of a registered project; the buffer pool's credits are cancelled for it. */
export function recordReversal({ projectId, reversal }: RecordReversalVariables): Promise<RecordReversalResponse> {
  return requestJson(`/api/projects/${encodeURIComponent(projectId)}/reversals`, recordReversalResponse, { method: 'POST', body: reversal });
}

export function useRecordReversal() {
  return useRefreshingMutation({ mutationFn: recordReversal, refreshes: projectDecisionRefreshes });
}
