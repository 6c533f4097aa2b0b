import { WALLET_TRANSACTIONS_LIVE_POLL_MS, walletTransactionsResponse, type WalletTransactionsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

export const walletTransactionsQueryKey = ['api', 'xrpl', 'transactions'] as const;

export function fetchWalletTransactions(signal?: AbortSignal): Promise<WalletTransactionsResponse> {
  return requestJson('/api/xrpl/transactions', walletTransactionsResponse, { signal });
}

/** Spec: every 10 s in live mode, otherwise only on demand. */
export function walletTransactionsQueryOptions(live: boolean) {
  return queryOptions({
    queryKey: walletTransactionsQueryKey,
    queryFn: ({ signal }) => fetchWalletTransactions(signal),
    refetchInterval: live ? WALLET_TRANSACTIONS_LIVE_POLL_MS : false,
  });
}

export function useWalletTransactions(live: boolean) {
  return useQuery(walletTransactionsQueryOptions(live));
}
