import {
  xrplPrepareResponse,
  type XrplPrepareResponse,
  type XrplSubmitRequest,
  type XrplTradePrepareRequest,
  type XrplTradeResponse,
  xrplTradeResponse,
} from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { runSignedAction, type SignedActionInput } from '../xrpl-signed-action';
import { ammStateQueryKey } from './get-amm-state';

export function prepareXrplTrade(request: XrplTradePrepareRequest): Promise<XrplPrepareResponse> {
  return requestJson('/api/xrpl/trade/prepare', xrplPrepareResponse, { method: 'POST', body: request });
}

export function submitXrplTrade(submission: XrplSubmitRequest): Promise<XrplTradeResponse> {
  return requestJson('/api/xrpl/trade', xrplTradeResponse, { method: 'POST', body: submission });
}

export function tradeXrplCredits(input: SignedActionInput<XrplTradePrepareRequest>): Promise<XrplTradeResponse> {
  return runSignedAction(input, prepareXrplTrade, submitXrplTrade);
}

/** Spec 7: after a successful trade the trades list is refreshed (and the pool it went through). */
export function useTradeXrplCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['api', 'xrpl', 'trade'],
    mutationFn: tradeXrplCredits,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['api', 'trades'] }), queryClient.invalidateQueries({ queryKey: ammStateQueryKey })]),
  });
}
