import { AMM_STATE_POLL_MS, vaultReservesResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

/** The 'vault' view's realtime updates refresh it. */
export const vaultReservesQueryKey = ['api', 'xrpl', 'reserves'] as const;

/** Polled like the AMM state: both compare the platform's books with the ledger. */
export const VAULT_RESERVES_POLL_MS = AMM_STATE_POLL_MS;

export function vaultReservesQueryOptions() {
  return queryOptions({
    ...jsonQueryAt(vaultReservesQueryKey, vaultReservesResponse),
    refetchInterval: VAULT_RESERVES_POLL_MS,
  });
}

/** Proof of reserves: NXCC outstanding on the ledger against the serials in the vault. */
export function useVaultReserves() {
  return useQuery(vaultReservesQueryOptions());
}

/**
 * What a move in or out of the vault changes: the user's registry holdings (the credits list and the
 * portfolios' holdings, by their paths: features do not import each other) and the reserves.
 */
export const vaultMovedQueryKeys = [['api', 'credits'], ['api', 'portfolios'], vaultReservesQueryKey] as const;
