import { placeOrderResponse, type PlaceOrderRequest, type PlaceOrderResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { marketplaceQueryKeyPrefix } from './get-marketplace';
import { ordersQueryKey } from './list-orders';

export function placeOrder(request: PlaceOrderRequest): Promise<PlaceOrderResponse> {
  return requestJson('/api/orders', placeOrderResponse, { method: 'POST', body: request });
}

export function usePlaceOrder() {
  return useRefreshingMutation({
    mutationFn: placeOrder,
    // A new order changes the book and may have traded at once.
    refreshes: [ordersQueryKey, marketplaceQueryKeyPrefix],
  });
}
