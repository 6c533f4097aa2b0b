import { listOrdersResponse, ORDERS_POLL_INTERVAL_MS, type ListOrdersResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

/** Also the path it loads, and the key realtime updates of the 'orders' view invalidate. */
export const ordersQueryKey = ['api', 'orders'] as const;

export function fetchOrders(signal?: AbortSignal): Promise<ListOrdersResponse> {
  return requestJson('/api/orders', listOrdersResponse, { signal });
}

export function listOrdersQueryOptions() {
  return queryOptions({
    queryKey: ordersQueryKey,
    queryFn: ({ signal }) => fetchOrders(signal),
    refetchInterval: ORDERS_POLL_INTERVAL_MS,
  });
}

export function useOrders() {
  return useQuery(listOrdersQueryOptions());
}
