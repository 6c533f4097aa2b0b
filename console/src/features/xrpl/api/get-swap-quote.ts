import { swapPathResponse, type SwapPathQuery, type SwapPathResponse } from '@carbon-ledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

export function fetchSwapQuote({ from, to, amount }: SwapPathQuery): Promise<SwapPathResponse> {
  const search = new URLSearchParams({ from, to, amount: String(amount) });
  return requestJson(`/api/xrpl/swap-path?${search.toString()}`, swapPathResponse);
}

/** A quote is asked for on demand (the Get Quote button), so it is a mutation, not a cached query. */
export function useSwapQuote() {
  return useMutation({ mutationKey: ['api', 'xrpl', 'swap-path'], mutationFn: fetchSwapQuote });
}
