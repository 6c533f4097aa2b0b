import {
  batchClaimsResponse,
  type BatchClaimsResponse,
  type RecordBatchAuthorizationRequest,
  type RecordCorrespondingAdjustmentRequest,
} from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { creditsListQueryKey, projectDecisionRefreshes } from './query-keys';

const batchPath = (batchId: string): string => `/api/registry/batches/${encodeURIComponent(batchId)}`;

/** Records the host country's letter of authorization for a batch, or its withdrawal (docs/credit-use.md). */
export function recordBatchAuthorization(input: { batchId: string; request: RecordBatchAuthorizationRequest }): Promise<BatchClaimsResponse> {
  return requestJson(`${batchPath(input.batchId)}/authorization`, batchClaimsResponse, { method: 'POST', body: input.request });
}

/** Records a batch's corresponding adjustment: pending, or applied in a reporting period. */
export function recordCorrespondingAdjustment(input: { batchId: string; request: RecordCorrespondingAdjustmentRequest }): Promise<BatchClaimsResponse> {
  return requestJson(`${batchPath(input.batchId)}/adjustment`, batchClaimsResponse, { method: 'POST', body: input.request });
}

export function useRecordBatchAuthorization() {
  return useRefreshingMutation({ mutationFn: recordBatchAuthorization, refreshes: [...projectDecisionRefreshes, creditsListQueryKey] });
}

export function useRecordCorrespondingAdjustment() {
  return useRefreshingMutation({ mutationFn: recordCorrespondingAdjustment, refreshes: [...projectDecisionRefreshes, creditsListQueryKey] });
}
