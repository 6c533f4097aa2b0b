import { cancelOrderResponse, type CancelOrderResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { ordersQueryKey } from './list-orders';

export function cancelOrder(orderId: string): Promise<CancelOrderResponse> {
  return requestJson(`/api/orders/${encodeURIComponent(orderId)}/cancel`, cancelOrderResponse, {
    method: 'POST',
  });
}

export function useCancelOrder() {
  return useRefreshingMutation({
    mutationFn: cancelOrder,
    refreshes: [ordersQueryKey],
  });
}
