import { placeOrderResponse, type PlaceOrderRequest, type PlaceOrderResponse } from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { marketplaceQueryKeyPrefix } from './get-marketplace';
import { ordersQueryKey } from './list-orders';

export function placeOrder(request: PlaceOrderRequest): Promise<PlaceOrderResponse> {
  return requestJson('/api/orders', placeOrderResponse, { method: 'POST', body: request });
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // A new order changes the book and may have traded at once.
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ordersQueryKey }), queryClient.invalidateQueries({ queryKey: marketplaceQueryKeyPrefix })]),
  });
}
