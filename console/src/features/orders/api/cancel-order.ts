import { cancelOrderResponse, type CancelOrderResponse } from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { ordersQueryKey } from './list-orders';

export function cancelOrder(orderId: string): Promise<CancelOrderResponse> {
  return requestJson(`/api/orders/${encodeURIComponent(orderId)}/cancel`, cancelOrderResponse, {
    method: 'POST',
  });
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
