import { WALLET_BALANCE_LIVE_POLL_MS, walletBalanceResponse, type WalletBalanceResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

export const walletBalancesQueryKey = ['api', 'xrpl', 'balance'] as const;

export function fetchWalletBalances(signal?: AbortSignal): Promise<WalletBalanceResponse> {
  return requestJson('/api/xrpl/balance', walletBalanceResponse, { signal });
}

/** Spec: every 5 s in live mode, otherwise only on demand. */
export function walletBalancesQueryOptions(live: boolean) {
  return queryOptions({
    queryKey: walletBalancesQueryKey,
    queryFn: ({ signal }) => fetchWalletBalances(signal),
    refetchInterval: live ? WALLET_BALANCE_LIVE_POLL_MS : false,
  });
}

export function useWalletBalances(live: boolean) {
  return useQuery(walletBalancesQueryOptions(live));
}
