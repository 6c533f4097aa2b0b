import { listOrdersResponse, ORDERS_POLL_INTERVAL_MS, type ListOrdersResponse, type OrderScope } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

/** Also the path it loads, and the prefix realtime updates of the 'orders' view and order changes invalidate. */
export const ordersQueryKey = ['api', 'orders'] as const;

export function fetchOrders(scope: OrderScope, signal?: AbortSignal): Promise<ListOrdersResponse> {
  return requestJson(scope === 'all' ? '/api/orders?scope=all' : '/api/orders', listOrdersResponse, { signal });
}

export function listOrdersQueryOptions(scope: OrderScope = 'mine') {
  return queryOptions({
    queryKey: [...ordersQueryKey, scope],
    queryFn: ({ signal }) => fetchOrders(scope, signal),
    refetchInterval: ORDERS_POLL_INTERVAL_MS,
  });
}

/** `scope` 'all' is for compliance, auditors and admins (the service refuses it to others). */
export function useOrders(scope: OrderScope = 'mine') {
  return useQuery(listOrdersQueryOptions(scope));
}
