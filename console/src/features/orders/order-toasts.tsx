import type { OrderView } from '@carbon-ledger/contracts';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { serverMessageOf } from '../../shared/api/http';
import { showToast } from '../../shared/toast/show-toast';

type OrderSummaryText = Pick<OrderView, 'type' | 'amount'>;

function showFailure(title: string, message: string): void {
  showToast({ title, message, color: 'red', icon: <IconAlertCircle size={18} /> });
}

function showSuccess(title: string, message: string): void {
  showToast({ title, message, color: 'teal', icon: <IconCheck size={18} /> });
}

export function showInvalidOrderToast(): void {
  showFailure('Invalid Order', 'Amount and price must be greater than 0');
}

export function showOrderCreatedToast(order: OrderSummaryText): void {
  showSuccess('Order Created', `${order.type.toUpperCase()} order for ${order.amount} credits created successfully`);
}

/** The Marketplace also says how much of the order traded at once. */
export function showMarketplaceOrderCreatedToast(order: OrderSummaryText & Pick<OrderView, 'filled'>): void {
  showSuccess(
    'Order Created',
    `${order.type.toUpperCase()} order for ${order.amount} credits created successfully (${order.filled} of ${order.amount} filled)`,
  );
}

export function showOrderFailedToast(error: unknown): void {
  showFailure('Order Failed', serverMessageOf(error, 'Failed to create order. Please try again.'));
}

// Cancelling is not in the spec; these texts follow the pattern of the creation toasts.
export function showOrderCancelledToast(order: OrderSummaryText): void {
  showSuccess('Order Cancelled', `${order.type.toUpperCase()} order for ${order.amount} credits cancelled`);
}

export function showCancelFailedToast(error: unknown): void {
  showFailure('Cancel Failed', serverMessageOf(error, 'Failed to cancel order. Please try again.'));
}
