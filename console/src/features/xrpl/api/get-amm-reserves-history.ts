import { ammReservesHistoryResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

/** The amm-reserves view's realtime updates refresh it. */
export const ammReservesHistoryQueryKey = ['api', 'xrpl', 'amm-reserves'] as const;

export function ammReservesHistoryQueryOptions() {
  return queryOptions(jsonQueryAt(ammReservesHistoryQueryKey, ammReservesHistoryResponse));
}

/** The pool's reserves after its opening and each swap, as the amm-reserves read model keeps them. */
export function useAmmReservesHistory() {
  return useQuery(ammReservesHistoryQueryOptions());
}
