import { WALLET_TRANSACTIONS_LIVE_POLL_MS, walletTransactionsResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

export const walletTransactionsQueryKey = ['api', 'xrpl', 'transactions'] as const;

/** Every 10 s in live mode, otherwise only on demand. */
export function walletTransactionsQueryOptions(live: boolean) {
  return queryOptions({
    ...jsonQueryAt(walletTransactionsQueryKey, walletTransactionsResponse),
    refetchInterval: live ? WALLET_TRANSACTIONS_LIVE_POLL_MS : false,
  });
}

export function useWalletTransactions(live: boolean) {
  return useQuery(walletTransactionsQueryOptions(live));
}
