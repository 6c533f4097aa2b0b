import type { OrderView, PlaceOrderResponse } from '@carbon-ledger/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { serverMessageOf } from '../../shared/api/http';
import { showToast } from '../../shared/toast/show-toast';
import { showFailureToast, showSuccessToast } from '../../shared/toast/outcome-toasts';
import { formatCount } from '../../shared/format/plural';

type OrderSummaryText = Pick<OrderView, 'type' | 'amount'>;

export function showInvalidOrderToast(): void {
  showFailureToast('Invalid Order', 'Amount and price must be greater than 0');
}

/** Self-trade prevention's note ("2 not filled: your own sell order at 99.50") follows the product's fixed text, in yellow. */
function showCreated(message: string, notFilled: string | undefined): void {
  if (notFilled) showToast({ title: 'Order Created', message: `${message}. ${notFilled}`, color: 'yellow', icon: <IconAlertCircle size={18} /> });
  else showSuccessToast('Order Created', message);
}

// The creation texts are fixed product texts: 'N credits' even for one credit.
export function showOrderCreatedToast(order: OrderSummaryText & Pick<PlaceOrderResponse, 'notFilled'>): void {
  showCreated(`${order.type.toUpperCase()} order for ${order.amount} credits created successfully`, order.notFilled);
}

/** The Marketplace also says how much of the order traded at once. */
export function showMarketplaceOrderCreatedToast(order: OrderSummaryText & Pick<OrderView, 'filled'> & Pick<PlaceOrderResponse, 'notFilled'>): void {
  showCreated(
    `${order.type.toUpperCase()} order for ${order.amount} credits created successfully (${order.filled} of ${order.amount} filled)`,
    order.notFilled,
  );
}

export function showOrderFailedToast(error: unknown): void {
  showFailureToast('Order Failed', serverMessageOf(error, 'Failed to create order. Please try again.'));
}

// Cancelling has no product-defined texts; these follow the pattern of the creation toasts.
export function showOrderCancelledToast(order: OrderSummaryText): void {
  showSuccessToast('Order Cancelled', `${order.type.toUpperCase()} order for ${formatCount(order.amount, 'credit')} cancelled`);
}

export function showCancelFailedToast(error: unknown): void {
  showFailureToast('Cancel Failed', serverMessageOf(error, 'Failed to cancel order. Please try again.'));
}
