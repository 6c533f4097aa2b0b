import { listOrdersResponse, ORDERS_POLL_INTERVAL_MS, type OrderScope } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../shared/api/json-query';

/** Also the path it loads, and the prefix realtime updates of the 'orders' view and order changes invalidate. */
export const ordersQueryKey = ['api', 'orders'] as const;

export function listOrdersQueryOptions(scope: OrderScope = 'mine') {
  return queryOptions({
    queryKey: [...ordersQueryKey, scope],
    queryFn: getJson(scope === 'all' ? '/api/orders?scope=all' : '/api/orders', listOrdersResponse),
    refetchInterval: ORDERS_POLL_INTERVAL_MS,
  });
}

/** `scope` 'all' is for compliance, auditors and admins (the service refuses it to others). */
export function useOrders(scope: OrderScope = 'mine') {
  return useQuery(listOrdersQueryOptions(scope));
}
