import { type CreditLabel, type OrderScope, type OrderView } from '@carbon-ledger/contracts';
import { Alert, Card, Center, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { IconAlertCircle } from '@tabler/icons-react';
import { describeError } from '../../../../shared/api/http';
import { LoadMoreButton } from '../../../../shared/components/LoadMoreButton/LoadMoreButton';
import { useCancelOrder } from '../../api/cancel-order';
import { useOrders } from '../../api/list-orders';
import { showCancelFailedToast, showOrderCancelledToast } from '../../order-toasts';
import { OrderRow } from '../OrderRow/OrderRow';
import { OrderBookHeader } from '../OrderBookHeader/OrderBookHeader';

export interface OrderBookProps {
  scope?: OrderScope;
  /** Who may cancel which order (the service's rule: the owner, or an admin); all when not given. */
  canCancel?: (order: OrderView) => boolean;
}

const ALL_ORDERS = 'All orders';

export function OrderBook({ scope = 'mine', canCancel = () => true }: OrderBookProps) {
  const orders = useOrders(scope);
  const cancelOrder = useCancelOrder();
  // A label keeps the sell orders whose escrowed serials all carry it and the bids that require it (docs/credit-use.md).
  const [label, setLabel] = useState<CreditLabel | undefined>(undefined);
  const loaded = (orders.data?.pages ?? []).flatMap((page) => page.orders);
  const shown = loaded.filter((order) => label === undefined || (order.labels ?? []).includes(label));

  const handleCancel = (order: OrderView) =>
    cancelOrder.mutate(order.id, {
      onSuccess: showOrderCancelledToast,
      onError: showCancelFailedToast,
    });

  return (
    <Card withBorder padding="lg" radius="md" data-testid="order-book">
      <OrderBookHeader allLabel={ALL_ORDERS} label={label} onLabelChange={setLabel} />
      {orders.error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Unable to load orders" mb="sm" data-testid="order-book-error">
          {describeError(orders.error)}
        </Alert>
      )}
      {orders.isPending && !orders.error && (
        <Center py="xl">
          <Loader aria-label="Loading orders" data-testid="order-book-loading" />
        </Center>
      )}
      {orders.data && loaded.length === 0 && (
        <Text c="dimmed" ta="center" py="xl" data-testid="order-book-empty">
          No orders yet. Create your first order!
        </Text>
      )}
      {loaded.length > 0 && shown.length === 0 && (
        <Text c="dimmed" ta="center" py="xl" data-testid="order-book-none-labelled">
          No open order carries the {label} label
        </Text>
      )}
      {shown.length > 0 && (
        <Stack gap="xs">
          {shown.map((order) => (
            <OrderRow
              key={order.id}
              order={order}
              onCancel={handleCancel}
              cancelling={cancelOrder.isPending && cancelOrder.variables === order.id}
              canCancel={canCancel(order)}
            />
          ))}
        </Stack>
      )}
      <LoadMoreButton query={orders} testId="order-book-more" />
    </Card>
  );
}
