import { WALLET_BALANCE_LIVE_POLL_MS, walletBalanceResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

export const walletBalancesQueryKey = ['api', 'xrpl', 'balance'] as const;

/** Every 5 s in live mode, otherwise only on demand. */
export function walletBalancesQueryOptions(live: boolean) {
  return queryOptions({
    ...jsonQueryAt(walletBalancesQueryKey, walletBalanceResponse),
    refetchInterval: live ? WALLET_BALANCE_LIVE_POLL_MS : false,
  });
}

export function useWalletBalances(live: boolean) {
  return useQuery(walletBalancesQueryOptions(live));
}
