import { listOrdersResponse, ORDERS_POLL_INTERVAL_MS, type OrderScope } from '@carbon-ledger/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesOptions } from '../../../shared/api/cursor-pages';

/** Also the path it loads, and the prefix realtime updates of the 'orders' view and order changes invalidate. */
export const ordersQueryKey = ['api', 'orders'] as const;

/** Newest first, a page at a time; each poll reloads the pages loaded so far. Every page carries the scope's totals. */
export function listOrdersQueryOptions(scope: OrderScope = 'mine') {
  return {
    ...cursorPagesOptions([...ordersQueryKey, scope] as const, scope === 'all' ? '/api/orders?scope=all' : '/api/orders', listOrdersResponse),
    refetchInterval: ORDERS_POLL_INTERVAL_MS,
  };
}

/** `scope` 'all' is for compliance, auditors and admins (the service refuses it to others). */
export function useOrders(scope: OrderScope = 'mine') {
  return useInfiniteQuery(listOrdersQueryOptions(scope));
}
