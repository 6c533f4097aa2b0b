import { type XrplTradePrepareRequest, type XrplTradeResponse, xrplTradeResponse } from '@carbon-ledger/contracts';
import { signedActionMutation } from '../xrpl-signed-action';
import { ammStateQueryKey } from './get-amm-state';

/** Spec 7: after a successful trade the trades list is refreshed (and the pool it went through). */
export const useTradeXrplCredits = signedActionMutation<XrplTradePrepareRequest, XrplTradeResponse>({
  action: 'trade',
  result: xrplTradeResponse,
  refreshes: [['api', 'trades'], ammStateQueryKey],
});
